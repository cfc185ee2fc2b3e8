import { afterAll, describe, expect, it } from "vitest";
import { tallyActor } from "@platform/actor-runtime/testing";
import type { RecordedEvent } from "@platform/event-store";
import type { Database } from "@platform/db";
import { createTestDatabase } from "@platform/db/testing";
import { bootPlatform } from "./boot.ts";
import type { Platform } from "./boot.ts";
import { loadConfig } from "./config.ts";
import { defineContext } from "./context.ts";
import { createLogger } from "./logger.ts";
import { startWorker } from "./worker.ts";

const who = { principalId: "boot-test", requestId: "boot" };
const added: number[] = [];

/**
 * A context whose bootstrap opens a tally; a journal rule answers that with 600 more events on
 * another tally (an app's install providing its job definitions is one). The rule's append ends
 * before the one that caused it, and 600 events are more than a follower's page of 500.
 */
const chained = defineContext({
  name: "chained",
  actors: [tallyActor],
  projections: [
    {
      name: "chained.added",
      eventTypes: ["TallyAdded"],
      reset: async () => {},
      apply: async (_trx, events: readonly RecordedEvent[]) => void added.push(...events.map((e) => e.version)),
    },
  ],
  rules: (deps) => [
    {
      name: "chained.follow-up",
      actorType: "tally",
      hook: "journalWritten",
      handle: async ({ events }: { readonly events: readonly RecordedEvent[] }) => {
        if (!events.some((e) => e.type === "TallyOpened" && (e.data as { name: string }).name === "first")) return;
        const id = (await deps.runtime.resolve("tally", "new"))!.id;
        await deps.runtime.execute(
          "tally",
          id,
          [{ type: "open", name: "second" }, ...Array.from({ length: 600 }, () => ({ type: "add", amount: 1 }))],
          who,
          { existence: "new" },
        );
      },
    },
  ],
  bootstrap: async (deps) => {
    const id = (await deps.runtime.resolve("tally", "new"))!.id;
    await deps.runtime.execute("tally", id, [{ type: "open", name: "first" }], who, { existence: "new" });
  },
});

let db: Database | undefined;
let platform: Platform | undefined;
let worker: ReturnType<typeof startWorker> | undefined;
afterAll(async () => {
  await worker?.stop();
  await platform?.close();
  await db?.close();
});

describe("caughtUp after the bootstrap", () => {
  it("waits for the read models to hold every bootstrap write, a journal rule's too", async () => {
    db = await createTestDatabase();
    platform = await bootPlatform({
      config: loadConfig({ LOG_LEVEL: "silent" }),
      contexts: [chained],
      log: createLogger("silent"),
      db,
    });
    worker = startWorker(platform);
    await platform.caughtUp();
    expect(added).toHaveLength(600);
    expect(added.at(-1)).toBe(601);
  });
});
