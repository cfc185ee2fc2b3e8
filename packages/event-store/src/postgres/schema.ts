import type { Migration } from "@platform/db";
import { eventStoreTables } from "./migrations/001-event-store.ts";
import { appendBatch } from "./migrations/002-append-batch.ts";
import { appendInlineWrites } from "./migrations/003-append-inline-writes.ts";
import { appendMany } from "./migrations/004-append-many.ts";
import { setWiseInlineWrites } from "./migrations/005-set-wise-inline-writes.ts";

/**
 * The event store's tables and its append function. One SQL for PostgreSQL and PGlite.
 *
 * Global order follows Emmett: each row records the writing transaction's id (xid8);
 * followers only read rows of transactions older than the oldest one still running
 * (pg_snapshot_xmin), ordered by (transaction_id, global_position). A sequence alone
 * would let a follower pass a slow transaction's lower number before it commits.
 */
export const eventStoreMigrations: readonly Migration[] = [
  eventStoreTables,
  appendBatch,
  appendInlineWrites,
  appendMany,
  setWiseInlineWrites,
];
