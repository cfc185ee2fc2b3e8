import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import type { RecordedEvent } from "@platform/event-store";

/**
 * A projection builds a read model. `apply` runs in the same transaction as the checkpoint
 * update, so each event changes the read model exactly once.
 */
export type Projection = {
  readonly name: string;
  /** Event types it reads; others pass by (its checkpoint still moves). Default all. */
  readonly eventTypes?: readonly string[];
  readonly apply: (trx: Kysely<AnyDB>, events: readonly RecordedEvent[]) => Promise<void>;
  /** Empties its tables, for a rebuild from position 0. */
  readonly reset: (trx: Kysely<AnyDB>) => Promise<void>;
};

/**
 * A reactor causes side effects (start a job, queue a delivery). It runs outside the
 * checkpoint's transaction: at-least-once, so handlers must be idempotent by entity id.
 */
export type Reactor = {
  readonly name: string;
  readonly eventTypes?: readonly string[];
  readonly handle: (event: RecordedEvent) => Promise<void>;
};
