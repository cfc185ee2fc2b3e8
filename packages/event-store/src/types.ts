import type { EventMetadata } from "@platform/kernel";

/**
 * What the stream must look like for an append to go through:
 * `no_stream` (it has no events), `exists` (it has at least one), `any`, or an exact
 * version (the number of events in it; 0 is the same as `no_stream`).
 */
export type ExpectedVersion = "no_stream" | "exists" | "any" | number;

/** An event to append. */
export type NewEvent = {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  /** The schema version of `data`; upcasters lift older ones on read. Default 1. */
  readonly schemaVersion?: number;
  /** Client-chosen event id (idempotency); default a new UUIDv7. */
  readonly id?: string;
};

/** An event as stored. */
export type RecordedEvent = {
  readonly id: string;
  readonly streamId: string;
  readonly type: string;
  /** 1 for a stream's first event. */
  readonly version: number;
  /** Opaque, totally ordered; string comparison orders the global log. */
  readonly position: string;
  /** The store's own global sequence number, for display (journal `globalPosition`). */
  readonly globalPosition: number;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  /** Set when the event held personal data whose subject was erased: those fields read null. */
  readonly erased?: true;
};

/** A natural key (for example an order number) reserved for one stream. */
export type KeyClaim = { readonly scope: string; readonly key: string };

export type AppendOptions = {
  /** Default `any`. */
  readonly expectedVersion?: ExpectedVersion;
  /** Keys this stream now holds; all-or-nothing with the append. A key held by another stream fails the append. */
  readonly reserveKeys?: readonly KeyClaim[];
  /** Keys this stream gives up, in the same atomic step. */
  readonly releaseKeys?: readonly KeyClaim[];
  /**
   * Read-model writes made in the append's own transaction, after its events (only where
   * `EventStore.inlineWrites`): all or nothing with the append, and skipped when it is
   * refused.
   */
  readonly inline?: readonly InlineWrite[];
};

/**
 * A call of a read model's SQL function, `fn(arg::jsonb)`, from the context's own
 * migrations (an inline projection). `fn` is a plain SQL identifier. One whose name ends in
 * `_rows` is called once per group commit, with the JSON array of the group's arguments for
 * it (in append order), so it can write them set-wise.
 */
export type InlineWrite = { readonly fn: string; readonly arg: unknown };

/** One of the appends `EventStore.appendAll` makes together. */
export type StreamAppend = {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly options?: AppendOptions;
};

export type AppendResult = {
  /** The stream's version after the append (its event count). */
  readonly nextExpectedVersion: number;
  /** Position of the last appended event. */
  readonly position: string;
};

export type ReadStreamOptions = {
  /** First version to return (inclusive); default 1. */
  readonly fromVersion?: number;
  /** Last version to return (inclusive); default the end. */
  readonly toVersion?: number;
  readonly maxCount?: number;
};

/** A stream from `fromVersion` (inclusive) to its end, or to `toVersion` (inclusive), for readStreams. */
export type StreamTail = { readonly streamId: string; readonly fromVersion: number; readonly toVersion?: number };

export type ReadAllOptions = {
  /** Return events strictly after this position; null or undefined = from the start. */
  readonly after?: string | null;
  /** Default 500. */
  readonly limit?: number;
};

export type ReadPageOptions = ReadAllOptions & {
  /**
   * The event types the reader wants; the page still scans `limit` events of the log. Default
   * all; none (an empty list): the page only tells where it ends and how many it covered.
   */
  readonly types?: readonly string[];
};

/** A page of the global log as a reader of some event types sees it (EventStore.readPage). */
export type LogPage = {
  /** The page's events of the wanted types, in log order. */
  readonly events: RecordedEvent[];
  /** Position of the last event scanned, whatever its type; null when there was none. */
  readonly end: string | null;
  /** Whether `limit` events were scanned: more may follow at once. */
  readonly full: boolean;
  /** How many events of the log the page covered, whatever their type (at most `limit`). */
  readonly scanned: number;
};

/** Lifts stored events of an older schema version to the current one, on read. */
export type Upcaster = {
  readonly type: string;
  readonly fromVersion: number;
  readonly upcast: (data: unknown) => unknown;
};
