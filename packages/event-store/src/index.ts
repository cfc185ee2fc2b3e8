export type { EventStore } from "./event-store.ts";
export type {
  ExpectedVersion,
  NewEvent,
  RecordedEvent,
  KeyClaim,
  AppendOptions,
  AppendResult,
  ReadStreamOptions,
  ReadAllOptions,
  Upcaster,
} from "./types.ts";
export { WrongExpectedVersionError, KeyConflictError } from "./errors.ts";
export { encodePosition, decodePosition, maxPosition } from "./position.ts";
export { createUpcasterChain } from "./upcasting.ts";
export { createPostgresEventStore } from "./postgres/postgres-event-store.ts";
export type { PostgresEventStoreOptions } from "./postgres/postgres-event-store.ts";
export { eventStoreMigrations } from "./postgres/schema.ts";
// KURRENT export { createKurrentEventStore } from "./kurrentdb/kurrentdb-event-store.ts";
// KURRENT export type { KurrentEventStoreOptions } from "./kurrentdb/kurrentdb-event-store.ts";
