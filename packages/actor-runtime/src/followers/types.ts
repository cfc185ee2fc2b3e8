import type { CompiledQuery, Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import type { RecordedEvent } from "@platform/event-store";

/**
 * An inline projection: where the event store can (`EventStore.inlineWrites`), the read
 * model is written in each append's own transaction, from the actor's state after the batch,
 * by a SQL function of the context's migrations. It is then current the moment the append
 * commits: no follower, no wait to read your writes. The projection's `apply` or `statement`
 * still rebuilds it from the log, and follows the log where the store cannot write inline;
 * both must produce the same rows, and neither may overwrite a newer version of a row.
 */
export type InlineProjection = {
  /** The actor type whose streams it projects, one row per actor. */
  readonly actorType: string;
  /** The SQL function called with `arg` (jsonb); a plain identifier. */
  readonly fn: string;
  /** The function's argument for actor `id` in `state` at `version`; `at` is the batch's time. Null writes nothing. */
  readonly arg: (id: string, state: unknown, version: number, at: string) => unknown;
};

/**
 * A projection builds a read model, in one of two ways; either way each event changes the
 * read model exactly once, atomically with the checkpoint.
 * - `apply` runs in a transaction with the checkpoint update: any number of statements.
 * - `statement` returns the batch's changes as one INSERT, UPDATE or DELETE (or null for
 *   none); the runner sends it and the checkpoint update as a single statement, one round
 *   trip instead of four (BEGIN, write, checkpoint, COMMIT), so writers waiting to read their
 *   writes wait less. It may read its own tables first, outside any transaction: only the
 *   holder of the projection's lease writes them, and a lost lease aborts the statement.
 */
export type Projection = {
  readonly name: string;
  /** Event types it reads; others pass by (its checkpoint still moves). Default all. */
  readonly eventTypes?: readonly string[];
  /** Empties its tables, for a rebuild from position 0. */
  readonly reset: (trx: Kysely<AnyDB>) => Promise<void>;
  /** Written in the append's transaction where the store can (see InlineProjection). */
  readonly inline?: InlineProjection;
} & (
  | {
      readonly apply: (trx: Kysely<AnyDB>, events: readonly RecordedEvent[]) => Promise<void>;
      readonly statement?: undefined;
    }
  | {
      readonly statement: (db: Kysely<AnyDB>, events: readonly RecordedEvent[]) => Promise<CompiledQuery | null>;
      readonly apply?: undefined;
    }
);

/**
 * A reactor causes side effects (start a job, queue a delivery). It runs outside the
 * checkpoint's transaction: at-least-once, so handlers must be idempotent by entity id.
 */
export type Reactor = {
  readonly name: string;
  readonly eventTypes?: readonly string[];
  readonly handle: (event: RecordedEvent) => Promise<void>;
  /**
   * After handling a page, wait this long before reading the next one (default 0): for a
   * reactor that only redoes, after a crash, what its events' writer already did at once.
   * A burst then comes in a few pages and checkpoint updates instead of one per append.
   */
  readonly settleMs?: number;
};
