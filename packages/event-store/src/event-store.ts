import type {
  AppendOptions,
  AppendResult,
  NewEvent,
  LogPage,
  ReadAllOptions,
  ReadPageOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  StreamTail,
} from "./types.ts";

/**
 * The event store port. Every adapter passes the contract suite in ./testing.
 */
export interface EventStore {
  /** Which technology backs it, for logs and readiness. */
  readonly kind: "postgres" | "pglite" | "kurrentdb";

  /**
   * Whether `append` runs `AppendOptions.inline` in its transaction: true where events and
   * read models share a database (PostgreSQL, PGlite). Elsewhere projections follow the log.
   */
  readonly inlineWrites: boolean;

  /**
   * Appends `events` to `streamId` atomically: all or none, at consecutive versions.
   * Throws WrongExpectedVersionError when the expectation fails and KeyConflictError when
   * a key in `reserveKeys` belongs to another stream; nothing is written then. `inline`
   * writes, where supported, commit with the events or not at all.
   */
  append(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult>;

  /**
   * Several streams' appends in one transaction: all or none (a batch of new jobs). The first
   * refused append fails the whole call with its typed error, and nothing is written. A store
   * that cannot append to several streams atomically (KurrentDB here) leaves it out.
   */
  appendAll?(appends: readonly StreamAppend[]): Promise<AppendResult[]>;

  /** A stream's events in version order (empty for an unknown stream). */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;

  /**
   * Several streams' events from a version on, in one read where the store can (one query on
   * PostgreSQL): the answer's n-th list is the n-th request's, as readStream would give it.
   */
  readStreams(requests: readonly StreamTail[]): Promise<RecordedEvent[][]>;

  /**
   * The global log after a position, in a total order that never skips a committed event:
   * an event that commits later never appears before one already returned.
   */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;

  /**
   * readAll for a reader of some event types (a follower): the same `limit` events of the
   * log, of which only the wanted ones are returned (the rest need not leave the store),
   * with where the page ends and whether it was full.
   */
  readPage(options: ReadPageOptions): Promise<LogPage>;

  /** The stream holding a key, or null. */
  lookupKey(scope: string, key: string): Promise<string | null>;

  /**
   * The position of the newest committed event (every event committed before the call is at
   * or before it), or null when the log is empty. readAll may show it only later, once every
   * older transaction has ended; a follower that has reached it has seen all of them.
   */
  headPosition(): Promise<string | null>;

  /**
   * Wake-up signal: `listener` is called (coalesced, maybe spuriously) after events are
   * appended, in this process at once and in other processes shortly. `types`, when given,
   * are the event types of the appends it signals (a wake-up from another process, or
   * one that cannot tell, has none). Returns unsubscribe.
   */
  subscribe(listener: (types?: readonly string[]) => void): () => void;

  close(): Promise<void>;
}
