import {
  ANY,
  ErrorType,
  NO_STREAM,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  jsonEvent,
} from "@kurrent/kurrentdb-client";
import type { AppendStreamState, CurrentStreamState, JSONType, Position } from "@kurrent/kurrentdb-client";
import { newId } from "@platform/kernel";
import { decodePosition, encodePosition } from "../position.ts";
import type { ExpectedVersion, NewEvent, RecordedEvent } from "../types.ts";

// Conversions between the event store's model and the KurrentDB client's: stream versions
// are the KurrentDB revision + 1; positions are the $all (commit, prepare) pair,
// zero-padded so strings compare.

/** Where the schema version of `data` lives in the event metadata (stripped on read). */
const SCHEMA_VERSION_KEY = "$schemaVersion";

/** Streams holding natural-key reservations; hidden from readAll / headPosition / subscribe. */
const KEY_STREAM_PREFIX = "keys-";

/**
 * One stream per key. `-` in the scope is escaped so the first unescaped `-` after the
 * prefix separates scope from key (scope "a-b" + key "c" never meets scope "a" + key "b-c").
 */
export const keyStreamName = (scope: string, key: string): string =>
  `${KEY_STREAM_PREFIX}${encodeURIComponent(scope).replaceAll("-", "%2D")}-${encodeURIComponent(key)}`;

/** System streams and events, and key-reservation streams: never shown to readers. */
export const isHidden = (streamId: string, type: string) =>
  type.startsWith("$") || streamId.startsWith("$") || streamId.startsWith(KEY_STREAM_PREFIX);

// ---- positions and versions -------------------------------------------------------------

export const comparePositions = (a: Position, b: Position) =>
  a.commit < b.commit ? -1 : a.commit > b.commit ? 1 : a.prepare < b.prepare ? -1 : a.prepare > b.prepare ? 1 : 0;

export const toKurrentPosition = (position: string): Position => {
  const [commit, prepare] = decodePosition(position);
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
};

/** Our 1-based version from the client's current state (a 0-based revision, or no stream). */
export const versionOf = (state: CurrentStreamState | undefined): number =>
  state === undefined || state === NO_STREAM || state < 0n ? 0 : Number(state) + 1;

/** ExpectedVersion (1-based event count) to the client's stream state (0-based revision). */
export const toStreamState = (expected: ExpectedVersion): AppendStreamState => {
  if (expected === "any") return ANY;
  if (expected === "exists") return STREAM_EXISTS;
  if (expected === "no_stream" || expected === 0) return NO_STREAM;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`Bad expected version: ${expected}`);
  return BigInt(expected - 1);
};

// ---- errors -------------------------------------------------------------------------------

export const isStreamNotFound = (error: unknown) =>
  error instanceof StreamNotFoundError || (error as { type?: unknown } | null)?.type === ErrorType.STREAM_NOT_FOUND;

export const isWrongExpectedVersion = (error: unknown): error is KurrentWrongExpectedVersionError =>
  error instanceof KurrentWrongExpectedVersionError ||
  (error as { type?: unknown } | null)?.type === ErrorType.WRONG_EXPECTED_VERSION;

// ---- events -------------------------------------------------------------------------------

/** The fields of a client RecordedEvent (JSON or binary) this adapter uses. */
type KurrentRecorded = {
  readonly streamId: string;
  readonly id: string;
  readonly revision: bigint;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly position?: Position;
};

/** A new event as the client's JSON event, its schema version kept in the metadata. */
export const toKurrentEvent = (e: NewEvent) =>
  jsonEvent({
    id: e.id ?? newId(),
    type: e.type,
    data: (e.data ?? null) as JSONType,
    metadata: { ...e.metadata, [SCHEMA_VERSION_KEY]: e.schemaVersion ?? 1 },
  });

/** A client event as our RecordedEvent, lifted through `upcast`. */
export const toRecorded = (e: KurrentRecorded, upcast: (event: RecordedEvent) => RecordedEvent): RecordedEvent => {
  if (!e.position) throw new Error(`KurrentDB returned no position for event ${e.id} (server older than 22.6?)`);
  const raw =
    e.metadata && typeof e.metadata === "object" && !(e.metadata instanceof Uint8Array)
      ? (e.metadata as Record<string, unknown>)
      : {};
  const { [SCHEMA_VERSION_KEY]: schemaVersion, ...metadata } = raw;
  return upcast({
    id: e.id,
    streamId: e.streamId,
    type: e.type,
    version: Number(e.revision) + 1,
    position: encodePosition(e.position.commit, e.position.prepare),
    globalPosition: Number(e.position.commit),
    schemaVersion: typeof schemaVersion === "number" ? schemaVersion : 1,
    data: e.data,
    metadata: metadata as RecordedEvent["metadata"],
  });
};
