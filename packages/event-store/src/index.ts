export type { EventStore } from "./event-store.ts";
export type {
  ExpectedVersion,
  NewEvent,
  RecordedEvent,
  KeyClaim,
  AppendOptions,
  AppendResult,
  StreamAppend,
  InlineWrite,
  ReadStreamOptions,
  StreamTail,
  ReadAllOptions,
  ReadPageOptions,
  LogPage,
  Upcaster,
} from "./types.ts";
export { WrongExpectedVersionError, KeyConflictError } from "./errors.ts";
export { encodePosition, decodePosition, maxPosition } from "./position.ts";
export { createUpcasterChain } from "./upcasting.ts";
export { readStreamRange } from "./stream-range.ts";
export { createPostgresEventStore } from "./postgres/postgres-event-store.ts";
export type { PostgresEventStoreOptions } from "./postgres/postgres-event-store.ts";
export { eventStoreMigrations } from "./postgres/schema.ts";
export type { KurrentEventStoreOptions } from "./kurrentdb/kurrentdb-event-store.ts";

/** The KurrentDB adapter, loaded on demand so the gRPC client costs nothing when unused. */
export const loadKurrentEventStore = async (
  options: import("./kurrentdb/kurrentdb-event-store.ts").KurrentEventStoreOptions,
) => (await import("./kurrentdb/kurrentdb-event-store.ts")).createKurrentEventStore(options);
