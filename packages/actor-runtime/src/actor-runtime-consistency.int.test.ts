import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@platform/db";
import type { EventStore } from "@platform/event-store";
import { createActorRuntime } from "./actor-runtime.ts";
import type { ActorRuntime } from "./actor-runtime.ts";
import { openTallyIn, startTallyRuntime, who } from "./actor-runtime-fixture.ts";
import type { TallyRuntime } from "./actor-runtime-fixture.ts";
import type { FollowerRunner } from "./followers/follower-runner.ts";
import { tallyActor } from "./testing/tally-actor.ts";

let f: TallyRuntime;
let db: Database;
let store: EventStore;
let runtime: ActorRuntime;
let runner: FollowerRunner;

beforeAll(async () => {
  f = await startTallyRuntime();
  ({ db, store, runtime, runner } = f);
});
afterAll(() => f?.close());

const openTally = (name: string, add: number[] = []) => openTallyIn(runtime, name, add);

describe("actor runtime", () => {
  it("never loses an update under 50 concurrent batches on one actor", async () => {
    const r = await openTally("race");
    await Promise.all(
      Array.from({ length: 50 }, () => runtime.execute("tally", r.actor.id, [{ type: "add", amount: 1 }], who)),
    );
    const loaded = await runtime.load("tally", r.actor.id);
    expect(loaded.state).toMatchObject({ total: 50 });
    expect(loaded.version).toBe(51);
  });

  it("rejects a pinned stale version with CONFLICT", async () => {
    const r = await openTally("pinned");
    await runtime.execute("tally", r.actor.id, [{ type: "add", amount: 1 }], who, { expectedVersion: 1 });
    await expect(
      runtime.execute("tally", r.actor.id, [{ type: "add", amount: 1 }], who, { expectedVersion: 1 }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("has the read model caught up when a write returns (read your writes)", async () => {
    const r = await openTally("ryw", [7]);
    const row = await db.kysely.selectFrom("tallies").selectAll().where("id", "=", r.actor.id).executeTakeFirst();
    expect(row).toEqual({ id: r.actor.id, name: "ryw", total: 7 });
  });

  it(
    "reads the streams of the loads of one turn in one store read; a stale base is met by a " + "retry from a load",
    async () => {
      const ids = await Promise.all(["t1", "t2", "t3"].map(async (n) => (await openTally(`turn-${n}`, [1])).actor.id));
      const reads: number[] = [];
      const counting: EventStore = {
        ...store,
        readStreams: (requests) => (reads.push(requests.length), store.readStreams(requests)),
      };
      const fresh = createActorRuntime({ store: counting });
      fresh.register(tallyActor);
      const loaded = await Promise.all(ids.map((id) => fresh.load("tally", id)));
      expect(reads).toEqual([3]);
      expect(loaded.map((l) => [l.version, (l.state as { total: number }).total])).toEqual([
        [2, 1],
        [2, 1],
        [2, 1],
      ]);
      // Version 1 is stale (the stream is at 2): the append is refused and the batch decided again on the loaded state.
      const stale = { id: ids[0]!, state: { ...(loaded[0]!.state as object), total: 100 }, version: 1, exists: true };
      const r = await fresh.execute("tally", ids[0]!, [{ type: "add", amount: 1 }], who, { base: stale });
      expect([r.version, (r.state as { total: number }).total]).toEqual([3, 2]);
    },
  );

  it("as the store's sole writer, loads a cached actor without a read; otherwise reads its tail", async () => {
    const reads: number[] = [];
    const counting: EventStore = {
      ...store,
      readStreams: (requests) => (reads.push(requests.length), store.readStreams(requests)),
    };
    const sole = createActorRuntime({ store: counting, soleWriter: () => true });
    sole.register(tallyActor);
    const shared = createActorRuntime({ store: counting });
    shared.register(tallyActor);
    for (const runtime of [sole, shared]) {
      const created = await runtime.execute(
        "tally",
        randomUUID(),
        [{ type: "open", name: `sole-${runtime === sole ? "a" : "b"}` }],
        who,
        { existence: "new" },
      );
      await runtime.execute("tally", created.id, [{ type: "add", amount: 2 }], who);
      reads.length = 0;
      const loaded = await runtime.load("tally", created.id);
      expect([loaded.version, (loaded.state as { total: number }).total, loaded.exists]).toEqual([2, 2, true]);
      expect(reads).toEqual(runtime === sole ? [] : [1]);
    }
  });

  it("returns without waiting for the read models when asked (readYourWrites: false)", async () => {
    const waits: string[] = [];
    const fresh = createActorRuntime({ store, afterAppend: async (p) => void waits.push(p) });
    fresh.register(tallyActor);
    const r = await openTally("no-wait");
    const quiet = await fresh.execute("tally", r.actor.id, [{ type: "add", amount: 1 }], who, {
      readYourWrites: false,
    });
    expect(waits).toEqual([]);
    const waited = await fresh.execute("tally", r.actor.id, [{ type: "add", amount: 1 }], who);
    expect(waits).toEqual([waited.position]);
    expect(quiet.position! < waited.position!).toBe(true);
    await runner.waitFor(waited.position!);
  });

  it("rebuilds a projection from position 0 to the same rows", async () => {
    const before = await db.kysely.selectFrom("tallies").selectAll().orderBy("id").execute();
    await runner.stop();
    const replayed = await runner.rebuild("tallies");
    expect(replayed).toBeGreaterThan(10);
    expect(await db.kysely.selectFrom("tallies").selectAll().orderBy("id").execute()).toEqual(before);
    runner.start();
  });
});
