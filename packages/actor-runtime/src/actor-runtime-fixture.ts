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

/** Who sends the tests' messages. */
export const who = { principalId: "p-1", requestId: "req-1" };

export type TallyRuntime = {
  readonly db: Database;
  readonly store: EventStore;
  readonly runtime: ActorRuntime;
  readonly runner: FollowerRunner;
  /** Stops the runner and closes the store. */
  readonly close: () => Promise<void>;
};

/**
 * What the actor runtime tests share: a store with a `tallies` read model kept by a follower
 * that the runtime waits for after each append; the tally actor, a `multi` one whose key has
 * several values, and a rule that adds 100 to a tally opened with a name starting "bonus".
 */
export const startTallyRuntime = async (): Promise<TallyRuntime> => {
  const { db, store, close } = await createTestEventStore([
    { context: "runtime", migrations: runtimeMigrations },
    {
      context: "test",
      migrations: [{ id: "1", sql: "CREATE TABLE tallies (id text PRIMARY KEY, name text, total int NOT NULL)" }],
    },
  ]);
  const runner = createFollowerRunner({ db, store });
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
  const runtime = createActorRuntime({ store, afterAppend: async (p) => void (await runner.waitFor(p)) });
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
  return {
    db,
    store,
    runtime,
    runner,
    close: async () => {
      await runner.stop();
      await close();
    },
  };
};

/** Opens a tally through a virtual id, adding `add`. */
export const openTallyIn = async (runtime: ActorRuntime, name: string, add: number[] = []) => {
  const target = await runtime.resolve("tally", "new");
  return sendMessages(runtime, "tally", target!.id, [{ type: "open", body: { name, add } }], who);
};
