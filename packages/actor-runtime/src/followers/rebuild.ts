import { sql } from "kysely";
import type { Database } from "@platform/db";
import type { EventStore } from "@platform/event-store";
import type { Applied, createBatchApplier } from "./apply-batch.ts";
import type { checkpointStore } from "./checkpoints.ts";
import type { createFollowerLeases } from "./leases.ts";

/** How long a rebuild waits for the log's tail that older open transactions still hide. */
const REBUILD_TAIL_WAIT_MS = 30_000;
/** How often a rebuild looks again for that hidden tail. */
const TAIL_RECHECK_MS = 25;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type ReplayDeps = {
  readonly db: Database;
  readonly store: EventStore;
  readonly leases: ReturnType<typeof createFollowerLeases>;
  readonly checkpoints: ReturnType<typeof checkpointStore>;
  readonly applyBatch: ReturnType<typeof createBatchApplier>;
  readonly batchSize: number;
};

/**
 * A projection's rebuild from position 0 (FollowerRunner.rebuild): under its lease, empties its
 * tables and resets its checkpoint in one transaction, then replays the log (only its event
 * types leave the store) up to at least its head when the rebuild began. Where it ended and
 * how many of its events it replayed.
 */
export const replayProjection = async (
  { db, store, leases, checkpoints, applyBatch, batchSize }: ReplayDeps,
  f: Applied & { readonly eventTypes: ReadonlySet<string> | null },
  onProgress?: (events: number) => void,
): Promise<{ position: string | null; count: number }> => {
  await checkpoints.ensure(f.name);
  if (!(await leases.claim(f.name))) throw new Error(`${f.name} is being followed by another process`);
  await db.kysely.transaction().execute(async (trx) => {
    await f.projection!.reset(trx);
    await sql`UPDATE rt_checkpoints SET position = NULL WHERE name = ${f.name}`.execute(trx);
  });
  // Everything committed before the rebuild started: the log shows a commit only once every
  // older transaction on the server has ended, so an empty page short of the head waits.
  const head = await store.headPosition();
  const hiddenUntil = Date.now() + REBUILD_TAIL_WAIT_MS;
  let position: string | null = null;
  let count = 0;
  for (;;) {
    const page = await store.readPage({
      after: position,
      limit: batchSize,
      ...(f.eventTypes ? { types: [...f.eventTypes] } : {}),
    });
    if (page.end === null) {
      if (head === null || (position ?? "") >= head) break;
      if (Date.now() > hiddenUntil)
        throw new Error(
          `${f.name}: the log up to ${head} stayed hidden for ${REBUILD_TAIL_WAIT_MS / 1000} s ` +
            "(a transaction left open on the server?); rebuild again",
        );
      await sleep(TAIL_RECHECK_MS);
      continue;
    }
    await applyBatch(f, position, page.end, page.events);
    position = page.end;
    count += page.events.length;
    onProgress?.(count);
  }
  await leases.release(f.name);
  return { position, count };
};
