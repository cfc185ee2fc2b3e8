import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Database } from "@platform/db";
import type { EventStore } from "@platform/event-store";
import { createTestEventStore } from "@platform/event-store/testing";
import { newId } from "@platform/kernel";
import { createActorRuntime } from "../actor-runtime.ts";
import { tallyActor } from "../testing/tally-actor.ts";
import type { TallyState } from "../testing/tally-actor.ts";
import { createFollowerRunner } from "./follower-runner.ts";
import { runtimeMigrations } from "./checkpoints.ts";
import type { Projection } from "./types.ts";

type Row = { id: string; name: string | null; total: number; version: number };

const schema = `
CREATE TABLE t_tallies (id text PRIMARY KEY, name text, total int NOT NULL, version int NOT NULL);
CREATE FUNCTION t_tally_row(p jsonb) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO t_tallies AS t (id, name, total, version)
  VALUES (p->>'id', p->>'name', (p->>'total')::int, (p->>'version')::int)
  ON CONFLICT (id) DO UPDATE SET name = excluded.name, total = excluded.total, version = excluded.version
  WHERE t.version < excluded.version;
END
$fn$;`;

const rowOf = (id: string, s: TallyState, version: number): Row => ({
  id,
  name: s.name ?? null,
  total: s.total,
  version,
});

/** One row per tally: inline from the actor's state, or folded from the journal on a rebuild. */
const tallies: Projection = {
  name: "tallies",
  eventTypes: ["TallyOpened", "TallyAdded", "TallyRenamed", "TallyClosed"],
  inline: {
    actorType: "tally",
    fn: "t_tally_row",
    arg: (id, state, version) => rowOf(id, state as TallyState, version),
  },
  reset: async (trx) => void (await sql`DELETE FROM t_tallies`.execute(trx)),
  apply: async (trx, events) => {
    for (const e of events) {
      const id = e.streamId.slice("tally-".length);
      const stored = await trx.selectFrom("t_tallies").selectAll().where("id", "=", id).executeTakeFirst();
      const state: TallyState = stored
        ? { created: true, deleted: false, name: stored.name ?? undefined, total: stored.total }
        : tallyActor.decider.initialState();
      const row = rowOf(id, tallyActor.decider.evolve(state, e as never), e.version);
      await sql`SELECT t_tally_row(${JSON.stringify(row)}::jsonb)`.execute(trx);
    }
  },
};

describe("an inline projection", () => {
  let db: Database;
  let store: EventStore;
  let close: () => Promise<void>;
  let runner: ReturnType<typeof createFollowerRunner>;
  let runtime: ReturnType<typeof createActorRuntime>;
  const who = { principalId: "p-1", requestId: "req-1" };
  const rows = async (): Promise<Row[]> =>
    (await db.pool.query<Row>("SELECT id, name, total, version FROM t_tallies ORDER BY id")).rows;

  beforeAll(async () => {
    ({ db, store, close } = await createTestEventStore([
      { context: "runtime", migrations: runtimeMigrations },
      { context: "t", migrations: [{ id: "1", sql: schema }] },
    ]));
    // No follower runs in these tests: an inline row cannot have come from one.
    runner = createFollowerRunner({ db, store });
    runner.addProjection(tallies);
    runtime = createActorRuntime({
      store,
      afterAppend: async (p, types) => void (await runner.waitFor(p, 5000, types)),
    });
    runtime.register(tallyActor);
    runtime.addInlineProjection(tallies.inline!);
  });
  afterAll(() => close());

  it("is written in the append's transaction: there when execute returns, with no follower running", async () => {
    const id = newId();
    const r = await runtime.execute(
      "tally",
      id,
      [
        { type: "open", name: "cups" },
        { type: "add", amount: 3 },
      ],
      who,
      { existence: "new" },
    );
    expect(await rows()).toEqual([{ id, name: "cups", total: 3, version: 2 }]);
    // Nothing to wait for: a follower that is not running would time out here.
    expect(await runner.waitFor(r.position!, 100, ["TallyAdded"])).toBe(true);
    const status = await runner.status();
    expect(status).toEqual([expect.objectContaining({ name: "projection:tallies", mode: "inline", behind: 0 })]);
  });

  it("writes nothing for a preview or a refused batch", async () => {
    const before = await rows();
    await runtime.execute("tally", newId(), [{ type: "open", name: "preview" }], who, {
      existence: "new",
      preview: true,
    });
    const id = before[0]!.id;
    await expect(
      runtime.execute(
        "tally",
        id,
        [
          { type: "add", amount: 1 },
          { type: "add", amount: -5 },
        ],
        who,
      ),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await rows()).toEqual(before);
  });

  it("rebuilds from the journal to the same rows", async () => {
    const id = newId();
    await runtime.execute("tally", id, [{ type: "open", name: "plates" }], who, { existence: "new" });
    await runtime.execute(
      "tally",
      id,
      [
        { type: "add", amount: 4 },
        { type: "rename", name: "bowls" },
      ],
      who,
    );
    const before = await rows();
    expect(before).toContainEqual({ id, name: "bowls", total: 4, version: 3 });
    await db.pool.query("UPDATE t_tallies SET total = -1"); // what the rebuild must repair
    expect(await runner.rebuild("tallies")).toBeGreaterThanOrEqual(5);
    expect(await rows()).toEqual(before);
  });

  it("is refused by a runtime whose store cannot write inline", () => {
    const other = createActorRuntime({ store: { ...store, kind: "kurrentdb", inlineWrites: false } });
    expect(() => other.addInlineProjection(tallies.inline!)).toThrow(/cannot write read models inline/);
  });
});
