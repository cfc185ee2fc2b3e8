import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from "@kurrent/kurrentdb-client";
import type { AllStreamSubscription, AppendStreamState, CurrentStreamState, JSONType, Position } from "@kurrent/kurrentdb-client";
import { newId } from "@platform/kernel";
import type { EventStore } from "../event-store.ts";
import { KeyConflictError, WrongExpectedVersionError } from "../errors.ts";
import { decodePosition, encodePosition } from "../position.ts";
import { createUpcasterChain } from "../upcasting.ts";
import type { ExpectedVersion, KeyClaim, NewEvent, RecordedEvent, Upcaster } from "../types.ts";

export type KurrentEventStoreOptions = {
  /** A KurrentDB connection string, e.g. `kurrentdb://localhost:2113?tls=false`. */
  readonly url: string;
  readonly upcasters?: readonly Upcaster[];
};

/** Where the schema version of `data` lives in the event metadata (stripped on read). */
const SCHEMA_VERSION_KEY = "$schemaVersion";

/** Streams holding natural-key reservations; hidden from readAll / headPosition / subscribe. */
const KEY_STREAM_PREFIX = "keys-";
const KEY_RESERVED = "KeyReserved";
const KEY_RELEASED = "KeyReleased";
/** How often a reservation/release retries after losing an optimistic race on the key stream. */
const KEY_RETRIES = 5;
/** Page size when scanning $all backwards for the head. */
const HEAD_PAGE = 64;
/** Delay before re-opening a dropped $all subscription, doubled per failure up to the max. */
const RESUBSCRIBE_MS = 1000;
const RESUBSCRIBE_MAX_MS = 30_000;

/**
 * One stream per key. `-` in the scope is escaped so the first unescaped `-` after the
 * prefix separates scope from key (scope "a-b" + key "c" never meets scope "a" + key "b-c").
 */
export const keyStreamName = (scope: string, key: string): string =>
  `${KEY_STREAM_PREFIX}${encodeURIComponent(scope).replaceAll("-", "%2D")}-${encodeURIComponent(key)}`;

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

const isHidden = (streamId: string, type: string) => type.startsWith("$") || streamId.startsWith("$") || streamId.startsWith(KEY_STREAM_PREFIX);

const comparePositions = (a: Position, b: Position) =>
  a.commit < b.commit ? -1 : a.commit > b.commit ? 1 : a.prepare < b.prepare ? -1 : a.prepare > b.prepare ? 1 : 0;

const toKurrentPosition = (position: string): Position => {
  const [commit, prepare] = decodePosition(position);
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
};

const isStreamNotFound = (error: unknown) =>
  error instanceof StreamNotFoundError || (error as { type?: unknown } | null)?.type === ErrorType.STREAM_NOT_FOUND;

const isWrongExpectedVersion = (error: unknown): error is KurrentWrongExpectedVersionError =>
  error instanceof KurrentWrongExpectedVersionError || (error as { type?: unknown } | null)?.type === ErrorType.WRONG_EXPECTED_VERSION;

/** Our 1-based version from the client's current state (a 0-based revision, or no stream). */
const versionOf = (state: CurrentStreamState | undefined): number =>
  state === undefined || state === NO_STREAM || state < 0n ? 0 : Number(state) + 1;

/** ExpectedVersion (1-based event count) to the client's stream state (0-based revision). */
const toStreamState = (expected: ExpectedVersion): AppendStreamState => {
  if (expected === "any") return ANY;
  if (expected === "exists") return STREAM_EXISTS;
  if (expected === "no_stream" || expected === 0) return NO_STREAM;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`Bad expected version: ${expected}`);
  return BigInt(expected - 1);
};

const warn = (message: string, error: unknown) =>
  process.emitWarning(`${message}: ${error instanceof Error ? error.message : String(error)}`, { code: "KURRENT_EVENT_STORE" });

/**
 * The event store on KurrentDB (EventStoreDB). Stream versions are the KurrentDB revision
 * + 1; positions are the $all (commit, prepare) pair, zero-padded so strings compare.
 *
 * Natural keys. KurrentDB has no transaction spanning several streams, so unlike the
 * Postgres adapter (keys and events in one SQL transaction) reservation is NOT atomic
 * with the append. Each key has a stream `keys-<scope>-<key>` whose last event says who
 * holds it (`KeyReserved {streamId}`) or that it is free (`KeyReleased`). An append:
 *   1. reserves every requested key by appending `KeyReserved` with an optimistic
 *      expected revision (no stream, or the revision of the `KeyReleased` just read), so
 *      two streams racing for one key cannot both win; a key held by another stream is a
 *      KeyConflictError (keys reserved so far in this call are released first);
 *   2. appends the events;
 *   3. if that fails (wrong version, network, ...), compensates: releases the keys step 1
 *      newly reserved (not those the stream already held) and rethrows;
 *   4. on success, releases `releaseKeys`.
 * What this guarantees: a key is never held by two streams at once, and a failed append
 * gives its new keys back. What it does not: between steps 1 and 3 another stream sees
 * the key as taken (a spurious KeyConflictError, retryable) and lookupKey names a stream
 * that may never get the events; if the process dies (or KurrentDB is unreachable) in that
 * window, or before step 4, the key stays held until an append of the holding stream
 * releases it. Compensation and release failures are reported with process.emitWarning.
 */
export const createKurrentEventStore = (options: KurrentEventStoreOptions): EventStore => {
  const client = KurrentDBClient.connectionString(options.url);
  const upcast = createUpcasterChain(options.upcasters ?? []);

  const toRecorded = (e: KurrentRecorded): RecordedEvent => {
    if (!e.position) throw new Error(`KurrentDB returned no position for event ${e.id} (server older than 22.6?)`);
    const raw = e.metadata && typeof e.metadata === "object" && !(e.metadata instanceof Uint8Array) ? (e.metadata as Record<string, unknown>) : {};
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

  // ---- wake-ups -------------------------------------------------------------------------

  const listeners = new Set<() => void>();
  let wakeScheduled = false;
  let closed = false;
  let subscription: AllStreamSubscription | undefined;
  let resubscribeTimer: NodeJS.Timeout | undefined;
  let subscriptionFailures = 0;

  /** Calls every listener once for any burst of wake() calls in the same turn. */
  const wake = () => {
    if (wakeScheduled || listeners.size === 0) return;
    wakeScheduled = true;
    setImmediate(() => {
      wakeScheduled = false;
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch (error) {
          warn("Event store listener threw", error);
        }
      }
    });
  };

  const stopSubscription = () => {
    if (resubscribeTimer) clearTimeout(resubscribeTimer);
    resubscribeTimer = undefined;
    const sub = subscription;
    subscription = undefined;
    if (sub) sub.unsubscribe().catch(() => undefined);
  };

  const startSubscription = () => {
    if (subscription || resubscribeTimer || closed || listeners.size === 0) return;
    const sub = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    subscription = sub;
    const dropped = (error?: unknown) => {
      if (subscription !== sub) return; // stopped on purpose
      subscription = undefined;
      sub.unsubscribe().catch(() => undefined);
      if (closed || listeners.size === 0) return;
      subscriptionFailures++;
      if (subscriptionFailures === 1) warn("KurrentDB $all subscription dropped; re-subscribing", error ?? "stream ended");
      resubscribeTimer = setTimeout(
        () => {
          resubscribeTimer = undefined;
          startSubscription();
          wake(); // events may have been appended while we were not listening
        },
        Math.min(RESUBSCRIBE_MS * 2 ** (subscriptionFailures - 1), RESUBSCRIBE_MAX_MS),
      );
      resubscribeTimer.unref();
    };
    sub.on("confirmation", () => {
      subscriptionFailures = 0;
    });
    sub.on("data", (resolved) => {
      subscriptionFailures = 0;
      const e = resolved.event;
      if (e && !isHidden(e.streamId, e.type)) wake();
    });
    sub.on("error", (error) => dropped(error));
    sub.on("end", () => dropped());
    sub.on("close", () => dropped());
  };

  // ---- natural keys -------------------------------------------------------------------

  /** The key's stream state: null when the key stream does not exist. */
  const readKey = async (claim: KeyClaim): Promise<{ revision: bigint; holder: string | null } | null> => {
    try {
      for await (const resolved of client.readStream(keyStreamName(claim.scope, claim.key), { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        const e = resolved.event;
        if (!e) continue;
        const holder = e.type === KEY_RESERVED ? (e.data as { streamId?: unknown } | null)?.streamId : undefined;
        return { revision: e.revision, holder: typeof holder === "string" ? holder : null };
      }
      return null;
    } catch (error) {
      if (isStreamNotFound(error)) return null;
      throw error;
    }
  };

  const keyEvent = (type: typeof KEY_RESERVED | typeof KEY_RELEASED, streamId: string, claim: KeyClaim) =>
    jsonEvent({ type, data: { streamId, scope: claim.scope, key: claim.key }, metadata: { at: new Date().toISOString() } });

  type Reservation = { readonly claim: KeyClaim; readonly revision: bigint };

  /** Reserves one key; returns the reservation when newly taken, null when the stream already held it. */
  const reserveKey = async (streamId: string, claim: KeyClaim): Promise<Reservation | null> => {
    for (let attempt = 0; ; attempt++) {
      const state = await readKey(claim);
      if (state?.holder === streamId) return null;
      if (state?.holder) throw new KeyConflictError(claim.scope, claim.key);
      try {
        const result = await client.appendToStream(keyStreamName(claim.scope, claim.key), keyEvent(KEY_RESERVED, streamId, claim), {
          streamState: state ? state.revision : NO_STREAM,
        });
        return { claim, revision: result.nextExpectedRevision };
      } catch (error) {
        // Someone changed the key stream since we read it: look again (it may now be taken).
        if (!isWrongExpectedVersion(error)) throw error;
        if (attempt >= KEY_RETRIES) throw new KeyConflictError(claim.scope, claim.key);
      }
    }
  };

  /** Undoes reservations made in a failed append (best effort, see the comment above). */
  const compensate = async (streamId: string, reservations: readonly Reservation[]) => {
    await Promise.all(
      reservations.map(({ claim, revision }) =>
        client
          .appendToStream(keyStreamName(claim.scope, claim.key), keyEvent(KEY_RELEASED, streamId, claim), { streamState: revision })
          .catch((error: unknown) => warn(`Could not release key ${claim.scope}=${claim.key} after a failed append to ${streamId}`, error)),
      ),
    );
  };

  const reserveKeys = async (streamId: string, claims: readonly KeyClaim[]): Promise<Reservation[]> => {
    const unique = [...new Map(claims.map((c) => [keyStreamName(c.scope, c.key), c])).values()];
    const reservations: Reservation[] = [];
    try {
      for (const claim of unique) {
        const r = await reserveKey(streamId, claim);
        if (r) reservations.push(r);
      }
      return reservations;
    } catch (error) {
      await compensate(streamId, reservations);
      throw error;
    }
  };

  /** Releases one key if `streamId` holds it. */
  const releaseKey = async (streamId: string, claim: KeyClaim) => {
    for (let attempt = 0; ; attempt++) {
      const state = await readKey(claim);
      if (!state || state.holder !== streamId) return;
      try {
        await client.appendToStream(keyStreamName(claim.scope, claim.key), keyEvent(KEY_RELEASED, streamId, claim), { streamState: state.revision });
        return;
      } catch (error) {
        if (!isWrongExpectedVersion(error) || attempt >= KEY_RETRIES) throw error;
      }
    }
  };

  // ---- reads --------------------------------------------------------------------------

  /** Position of the event at `revision` of `streamId` (what readStream / readAll report for it). */
  const positionAt = async (streamId: string, revision: bigint): Promise<Position | undefined> => {
    for await (const resolved of client.readStream(streamId, { fromRevision: revision, direction: FORWARDS, maxCount: 1 })) {
      if (resolved.event?.position) return resolved.event.position;
    }
    return undefined;
  };

  return {
    kind: "kurrentdb",

    async append(streamId, events: readonly NewEvent[], opts = {}) {
      if (events.length === 0) throw new Error("append needs at least one event");
      const expectedVersion = opts.expectedVersion ?? "any";
      const expected = String(expectedVersion);
      const streamState = toStreamState(expectedVersion);
      const payload = events.map((e) =>
        jsonEvent({
          id: e.id ?? newId(),
          type: e.type,
          data: (e.data ?? null) as JSONType,
          metadata: { ...e.metadata, [SCHEMA_VERSION_KEY]: e.schemaVersion ?? 1 },
        }),
      );

      const reservations = await reserveKeys(streamId, opts.reserveKeys ?? []);
      let nextRevision: bigint;
      let appendPosition: Position | undefined;
      try {
        const result = await client.appendToStream(streamId, payload, { streamState });
        nextRevision = result.nextExpectedRevision;
        appendPosition = result.position;
      } catch (error) {
        await compensate(streamId, reservations);
        if (isWrongExpectedVersion(error)) throw new WrongExpectedVersionError(streamId, expected, versionOf(error.actualState));
        throw error;
      }
      wake();

      for (const claim of opts.releaseKeys ?? []) {
        // The events are committed: a failed release must not turn the append into a failure.
        await releaseKey(streamId, claim).catch((error: unknown) => warn(`Could not release key ${claim.scope}=${claim.key} of ${streamId}`, error));
      }

      // The append result's position is the write's (the first event's for a batch), not
      // necessarily the last event's, so read the last event back for its exact position.
      const last = (await positionAt(streamId, nextRevision).catch(() => undefined)) ?? appendPosition;
      if (!last) throw new Error(`KurrentDB returned no position for the append to ${streamId}`);
      return { nextExpectedVersion: Number(nextRevision) + 1, position: encodePosition(last.commit, last.prepare) };
    },

    async readStream(streamId, opts = {}) {
      const from = Math.max(1, opts.fromVersion ?? 1);
      const to = opts.toVersion ?? Number.MAX_SAFE_INTEGER;
      const count = Math.min(opts.maxCount ?? Number.MAX_SAFE_INTEGER, to - from + 1);
      if (count <= 0) return [];
      const out: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamId, { fromRevision: BigInt(from - 1), direction: FORWARDS, maxCount: count })) {
          if (resolved.event) out.push(toRecorded(resolved.event));
        }
      } catch (error) {
        if (isStreamNotFound(error)) return [];
        throw error;
      }
      return out;
    },

    async readAll(opts = {}) {
      const limit = opts.limit ?? 500;
      if (limit <= 0) return [];
      let cursor: Position | undefined = opts.after ? toKurrentPosition(opts.after) : undefined;
      const out: RecordedEvent[] = [];
      // System events are filtered by the server; key-stream events here, so a page may
      // need more than one read. Reading forwards from a position may include the event at
      // that position, so ask for one more and drop anything not strictly after it.
      for (;;) {
        const want = limit - out.length + (cursor ? 1 : 0);
        let received = 0;
        let advanced = false;
        for await (const resolved of client.readAll({ fromPosition: cursor ?? START, direction: FORWARDS, maxCount: want, filter: excludeSystemEvents() })) {
          received++;
          const e = resolved.event;
          if (!e || (cursor && comparePositions(e.position, cursor) <= 0)) continue;
          if (out.length >= limit) continue; // one more than needed: leave it for the next page
          cursor = e.position;
          advanced = true;
          if (!isHidden(e.streamId, e.type)) out.push(toRecorded(e));
        }
        if (out.length >= limit || received < want || !advanced) return out;
      }
    },

    async lookupKey(scope, key) {
      return (await readKey({ scope, key }))?.holder ?? null;
    },

    async headPosition() {
      let cursor: Position | undefined;
      for (;;) {
        let received = 0;
        let advanced = false;
        for await (const resolved of client.readAll({ fromPosition: cursor ?? END, direction: BACKWARDS, maxCount: HEAD_PAGE, filter: excludeSystemEvents() })) {
          received++;
          const e = resolved.event;
          if (!e || (cursor && comparePositions(e.position, cursor) >= 0)) continue;
          cursor = e.position;
          advanced = true;
          if (!isHidden(e.streamId, e.type)) return encodePosition(e.position.commit, e.position.prepare);
        }
        if (received < HEAD_PAGE || !advanced) return null;
      }
    },

    subscribe(listener) {
      listeners.add(listener);
      startSubscription();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stopSubscription();
      };
    },

    async close() {
      closed = true;
      listeners.clear();
      stopSubscription();
      await client.dispose();
    },
  };
};
