import { describe, expect, it } from "vitest";
import pg from "pg";
import { useTestEventStore } from "@platform/event-store/testing";
import { newId } from "@platform/kernel";
import { createFollowerRunner } from "./follower-runner.ts";
import { runtimeMigrations } from "./checkpoints.ts";

const url = process.env.DATABASE_URL;

/**
 * A wake-up can arrive while an older transaction elsewhere still hides the new events (the
 * snapshot xmin): the follower must look again soon, not sleep its whole fallback poll.
 */
describe.skipIf(!url)("a follower woken before its events are visible", () => {
  const t = useTestEventStore([{ context: "runtime", migrations: runtimeMigrations }]);

  it("catches up soon after the older transaction ends, with a fallback poll of a minute", async () => {
    const seen: string[] = [];
    const runner = createFollowerRunner({ db: t.db, store: t.store, pollMs: 60_000 });
    runner.addProjection({
      name: "seen",
      reset: async () => undefined,
      apply: async (_trx, events) => void seen.push(...events.map((e) => e.type)),
    });
    runner.start();
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await new Promise((r) => setTimeout(r, 200)); // the follower claims its lease and goes idle
      await blocker.query("BEGIN");
      await blocker.query("SELECT pg_current_xact_id()"); // an xid older than the append's
      const { position } = await t.store.append(`s-${newId()}`, [
        { type: "Hidden", data: {}, metadata: { at: new Date().toISOString() } },
      ]);
      // One waiter, as a request would: it wakes the follower once, while nothing is visible
      // yet (the older transaction holds the xmin back), and then only waits.
      const waiting = runner.waitFor(position, 5000);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([]);
      await blocker.query("COMMIT");
      // Caught up within the waiter's 5 s, a twelfth of the fallback poll: the follower looked
      // again on its own (the waiter woke it only once, before the events were visible).
      expect(await waiting).toBe(true);
      expect(seen).toEqual(["Hidden"]);
    } finally {
      await blocker.end();
      await runner.stop();
    }
  });

  it("also looks again soon when the read after the wake-up found some events and others stayed hidden", async () => {
    const seen: string[] = [];
    let openGate!: () => void;
    const gate = new Promise<void>((r) => (openGate = r));
    const runner = createFollowerRunner({ db: t.db, store: t.store, pollMs: 60_000 });
    runner.addProjection({
      name: "seen-2",
      eventTypes: ["Gate", "Shown", "Late"], // not the first test's event
      reset: async () => undefined,
      apply: async (_trx, events) => {
        for (const e of events) {
          if (e.type === "Gate") await gate; // keeps the follower busy while the rest is appended
          seen.push(e.type);
        }
      },
    });
    const at = () => ({ at: new Date().toISOString() });
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    runner.start();
    try {
      await new Promise((r) => setTimeout(r, 200));
      await t.store.append(`s-${newId()}`, [{ type: "Gate", data: {}, metadata: at() }]);
      await new Promise((r) => setTimeout(r, 100)); // the follower is now inside apply(Gate)
      await t.store.append(`s-${newId()}`, [{ type: "Shown", data: {}, metadata: at() }]);
      await blocker.query("BEGIN");
      await blocker.query("SELECT pg_current_xact_id()");
      const { position } = await t.store.append(`s-${newId()}`, [{ type: "Late", data: {}, metadata: at() }]);
      const waiting = runner.waitFor(position, 5000); // its wake-up finds the follower busy
      openGate();
      // Its next read finds Shown but not Late, and no wake-up comes after it.
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual(["Gate", "Shown"]);
      await blocker.query("COMMIT");
      // Within the waiter's 5 s, far short of the minute's fallback poll (as above).
      expect(await waiting).toBe(true);
      expect(seen).toEqual(["Gate", "Shown", "Late"]);
    } finally {
      await blocker.end();
      await runner.stop();
    }
  });

  it(
    "rebuilds up to the head as it was when the rebuild began, waiting for a tail an older " + "transaction hides",
    async () => {
      const seen: string[] = [];
      const runner = createFollowerRunner({ db: t.db, store: t.store, pollMs: 60_000 });
      runner.addProjection({
        name: "seen-3",
        eventTypes: ["Tail"],
        reset: async () => void seen.splice(0),
        apply: async (_trx, events) => void seen.push(...events.map((e) => e.type)),
      });
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      try {
        await blocker.query("BEGIN");
        await blocker.query("SELECT pg_current_xact_id()");
        await t.store.append(`s-${newId()}`, [{ type: "Tail", data: {}, metadata: { at: new Date().toISOString() } }]);
        let done = false;
        const rebuilt = runner.rebuild("seen-3").finally(() => (done = true));
        await new Promise((r) => setTimeout(r, 300));
        expect([done, seen]).toEqual([false, []]);
        await blocker.query("COMMIT");
        expect(await rebuilt).toBe(1);
        expect(seen).toEqual(["Tail"]);
      } finally {
        await blocker.end();
        await runner.stop();
      }
    },
  );
});
