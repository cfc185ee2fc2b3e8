import { describe, expect, it } from "vitest";
import pg from "pg";
import { newId } from "@platform/kernel";
import type { RecordedEvent } from "../index.ts";
import { useTestEventStore } from "../testing/test-event-store.ts";

const url = process.env.DATABASE_URL;
const meta = { at: new Date(0).toISOString() };

/**
 * The follower must see every committed event exactly once even when a transaction that
 * took a lower sequence number commits after many higher ones (the gap a position-only
 * reader skips). Needs concurrent transactions, so only on a real PostgreSQL server.
 */
describe.skipIf(!url)("global log under concurrent transactions (PostgreSQL)", () => {
  const t = useTestEventStore();

  const follow = (from: string | null) => {
    const seen: RecordedEvent[] = [];
    let position = from;
    let stop = false;
    const done = (async () => {
      while (!stop) {
        const batch = await t.store.readAll({ after: position, limit: 7 });
        for (const e of batch) seen.push(e);
        if (batch.length) position = batch.at(-1)!.position;
        else await new Promise((r) => setTimeout(r, 2));
      }
    })();
    return { seen, stop: async () => ((stop = true), done) };
  };

  it("sees a slow transaction's event and every fast one exactly once, in read order", async () => {
    const start = await t.store.headPosition();
    const early = follow(start);
    const slowStream = `race-slow-${newId()}`;
    const slow = new pg.Client({ connectionString: url, options: `-c search_path=${t.db.schema}` });
    await slow.connect();
    await slow.query("BEGIN");
    // Takes its sequence number now, commits last.
    await slow.query("INSERT INTO es_streams (stream_id, version) VALUES ($1, 1)", [slowStream]);
    await slow.query(
      "INSERT INTO es_events (event_id, stream_id, version, type, data, metadata) VALUES ($1, $2, 1, 'Slow', '{}', $3)",
      [newId(), slowStream, meta],
    );
    const fast = Array.from({ length: 60 }, (_, i) => `race-fast-${i}-${newId()}`);
    let late: ReturnType<typeof follow> | undefined;
    await Promise.all(
      fast.map(async (s, i) => {
        if (i === 30) late = follow(start);
        await t.store.append(s, [
          { type: "Fast", data: { i }, metadata: meta },
          { type: "Fast2", data: { i }, metadata: meta },
        ]);
      }),
    );
    // While the slow transaction is open, nothing after its position may be handed out.
    await new Promise((r) => setTimeout(r, 100));
    expect(early.seen.filter((e) => e.type === "Slow")).toHaveLength(0);
    await slow.query("COMMIT");
    await slow.end();

    const expected = 1 + fast.length * 2;
    for (const f of [early, late!]) {
      await expect.poll(() => f.seen.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(expected);
      await new Promise((r) => setTimeout(r, 50));
      await f.stop();
      const ids = f.seen.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(expected);
      expect(f.seen.filter((e) => e.streamId === slowStream)).toHaveLength(1);
      for (let i = 1; i < f.seen.length; i++) expect(f.seen[i]!.position > f.seen[i - 1]!.position).toBe(true);
      for (const s of fast) expect(f.seen.filter((e) => e.streamId === s).map((e) => e.version)).toEqual([1, 2]);
    }
  });

  it(
    "headPosition counts an event committed while an older transaction is still open " +
      "(read-your-writes of the scheduler and the job workers)",
    async () => {
      const older = new pg.Client({ connectionString: url, options: `-c search_path=${t.db.schema}` });
      await older.connect();
      await older.query("BEGIN");
      await older.query("SELECT pg_current_xact_id()"); // holds an xid: the snapshot horizon stays behind it
      try {
        const appended = await t.store.append(`head-${newId()}`, [{ type: "Head", data: {}, metadata: meta }]);
        const head = await t.store.headPosition();
        expect(head! >= appended.position).toBe(true);
      } finally {
        await older.query("ROLLBACK");
        await older.end();
      }
    },
  );
});
