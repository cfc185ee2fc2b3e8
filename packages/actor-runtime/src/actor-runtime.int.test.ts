import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Database } from "@platform/db";
import type { EventStore } from "@platform/event-store";
import { createTestEventStore } from "@platform/event-store/testing";
import { createActorRuntime } from "./actor-runtime.ts";
import type { ActorRuntime } from "./actor-runtime.ts";
import { createFollowerRunner } from "./followers/follower-runner.ts";
import type { FollowerRunner } from "./followers/follower-runner.ts";
import { runtimeMigrations } from "./followers/checkpoints.ts";
import { sendMessages } from "./send-messages.ts";
import { tallyActor } from "./testing/tally-actor.ts";

let db: Database;
let store: EventStore;
let close: () => Promise<void>;
let runtime: ActorRuntime;
let runner: FollowerRunner;
const who = { principalId: "p-1", requestId: "req-1" };

beforeAll(async () => {
  ({ db, store, close } = await createTestEventStore([
    { context: "runtime", migrations: runtimeMigrations },
    {
      context: "test",
      migrations: [{ id: "1", sql: "CREATE TABLE tallies (id text PRIMARY KEY, name text, total int NOT NULL)" }],
    },
  ]));
  runner = createFollowerRunner({ db, store });
  runner.addProjection({
    name: "tallies",
    eventTypes: ["TallyOpened", "TallyAdded", "TallyRenamed", "TallyClosed"],
    reset: async (trx) => void (await sql`DELETE FROM tallies`.execute(trx)),
    apply: async (trx, events) => {
      for (const e of events) {
        const id = e.streamId.slice("tally-".length);
        const d = e.data as { name?: string; amount?: number };
        if (e.type === "TallyOpened") await trx.insertInto("tallies").values({ id, name: d.name, total: 0 }).execute();
        if (e.type === "TallyAdded")
          await trx
            .updateTable("tallies")
            .set({ total: sql`total + ${d.amount}` })
            .where("id", "=", id)
            .execute();
        if (e.type === "TallyRenamed")
          await trx.updateTable("tallies").set({ name: d.name }).where("id", "=", id).execute();
        if (e.type === "TallyClosed") await trx.deleteFrom("tallies").where("id", "=", id).execute();
      }
    },
  });
  runtime = createActorRuntime({ store, afterAppend: async (p) => void (await runner.waitFor(p)) });
  runtime.register(tallyActor);
  // A key with several values: a comma-separated name claims each part (as an app claims its routes).
  runtime.register({
    ...tallyActor,
    type: "multi",
    naturalKeys: { part: { of: (s) => (s.deleted || !s.name ? undefined : s.name.split(",")) } },
  });
  runtime.addRule({
    name: "bonus-on-open",
    actorType: "tally",
    hook: "afterCreate",
    handle: (ctx) => ((ctx.state as { name: string }).name.startsWith("bonus") ? [{ type: "add", amount: 100 }] : []),
  });
  runner.start();
});
afterAll(async () => {
  await runner.stop();
  await close();
});

const openTally = async (name: string, add: number[] = []) => {
  const target = await runtime.resolve("tally", "new");
  return sendMessages(runtime, "tally", target!.id, [{ type: "open", body: { name, add } }], who);
};

describe("actor runtime", () => {
  it("creates an actor through a virtual id and answers with its identifiers and state", async () => {
    const r = await openTally("first", [1, 2]);
    expect(r.results).toEqual([
      {
        type: "open",
        ok: true,
        events: [
          { type: "TallyOpened", version: 1 },
          { type: "TallyAdded", version: 2 },
          { type: "TallyAdded", version: 3 },
        ],
      },
    ]);
    expect(r.actor.identifiers).toEqual({ tallyId: r.actor.id, name: "first" });
    expect(r.state).toMatchObject({ total: 3, name: "first" });
    expect(await runtime.resolve("tally", "first")).toEqual({ id: r.actor.id, virtual: false });
  });

  it("stores the command's metadata on every event", async () => {
    const r = await openTally("meta");
    const [e] = await store.readStream(`tally-${r.actor.id}`);
    expect(e!.metadata).toMatchObject({ principalId: "p-1", requestId: "req-1", correlationId: "req-1" });
    expect(Date.parse(e!.metadata.at)).not.toBeNaN();
  });

  it("rejects a whole batch when one command fails and appends nothing", async () => {
    const r = await openTally("atomic", [5]);
    const out = await sendMessages(runtime, "tally", r.actor.id, [{ type: "add", body: { amounts: [1, -1, 2] } }], who);
    expect(out.results[0]).toMatchObject({
      ok: false,
      error: { code: "COMMAND_REJECTED", details: { commandIndex: 1, command: "add", reason: "VALIDATION_FAILED" } },
    });
    expect((await store.readStream(`tally-${r.actor.id}`)).length).toBe(2);
    expect(out.state).toMatchObject({ total: 5 });
  });

  it("processes several messages separately and in order, a failure not stopping the rest", async () => {
    const r = await openTally("multi");
    const out = await sendMessages(
      runtime,
      "tally",
      r.actor.id,
      [
        { type: "add", body: { amounts: [1] } },
        { type: "add", body: { amounts: [0] } },
        { type: "nope", body: {} },
        { type: "add", body: { amounts: ["x"] } },
        { type: "add", body: { amounts: [10] } },
      ],
      who,
    );
    expect(out.results.map((x) => x.ok)).toEqual([true, false, false, false, true]);
    expect(out.results[2]).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    expect(out.results[3]).toMatchObject({
      error: { code: "VALIDATION_FAILED", details: [{ path: "body.amounts.0" }] },
    });
    expect(out.state).toMatchObject({ total: 11 });
    expect(out.actor.version).toBe(3);
  });

  it("previews a chain of messages and stores nothing", async () => {
    const r = await openTally("preview", [1]);
    const out = await sendMessages(
      runtime,
      "tally",
      r.actor.id,
      [
        { type: "add", body: { amounts: [2] } },
        { type: "add", body: { amounts: [3] } },
      ],
      who,
      { preview: true },
    );
    expect(out.preview).toBe(true);
    expect(out.state).toMatchObject({ total: 6 });
    expect(out.results).toMatchObject([
      { ok: true, events: [{ version: 3 }] },
      { ok: true, events: [{ version: 4 }] },
    ]);
    expect((await store.readStream(`tally-${r.actor.id}`)).length).toBe(2);
    const target = await runtime.resolve("tally", "new");
    const created = await sendMessages(runtime, "tally", target!.id, [{ type: "open", body: { name: "ghost" } }], who, {
      preview: true,
    });
    expect(created.exists).toBe(true);
    expect(await runtime.resolve("tally", "ghost")).toBeNull();
    expect(await store.readStream(`tally-${target!.id}`)).toEqual([]);
  });

  it("keeps natural keys unique and moves them on rename", async () => {
    const a = await openTally("key-a");
    const b = await openTally("key-a");
    expect(b.results[0]).toMatchObject({ ok: false });
    expect(await store.readStream(`tally-${b.actor.id}`)).toEqual([]);
    await sendMessages(runtime, "tally", a.actor.id, [{ type: "rename", body: { name: "key-b" } }], who);
    expect(await runtime.resolve("tally", "key-a")).toBeNull();
    expect((await runtime.resolve("tally", "key-b"))!.id).toBe(a.actor.id);
  });

  it("reserves each value of a key with several, and releases only the values a change drops", async () => {
    const open = async (name: string) =>
      runtime.execute("multi", (await runtime.resolve("multi", "new"))!.id, [{ type: "open", name }], who, {
        existence: "new",
      });
    const a = await open("x1,x2");
    await expect(open("x3,x2")).rejects.toMatchObject({ code: "CONFLICT", message: "part 'x2' is already in use" });
    expect(await runtime.resolve("multi", "x3")).toBeNull();
    await runtime.execute("multi", a.id, [{ type: "rename", name: "x2,x4" }], who);
    expect(await runtime.resolve("multi", "x1")).toBeNull();
    expect((await runtime.resolve("multi", "x2"))!.id).toBe(a.id);
    expect((await runtime.resolve("multi", "x4"))!.id).toBe(a.id);
    const b = await open("x1,x3");
    expect((await runtime.resolve("multi", "x1"))!.id).toBe(b.id);
    await runtime.execute("multi", a.id, [{ type: "close" }], who);
    expect(await runtime.resolve("multi", "x2")).toBeNull();
  });

  it("runs lifecycle rules inside the same atomic batch", async () => {
    const r = await openTally("bonus-1", [1]);
    expect(r.state).toMatchObject({ total: 101 });
    expect(r.results[0]).toMatchObject({
      events: [{ type: "TallyOpened" }, { type: "TallyAdded" }, { type: "TallyAdded" }],
    });
  });

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
