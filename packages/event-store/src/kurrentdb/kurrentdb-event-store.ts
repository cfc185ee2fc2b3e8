import { BACKWARDS, END, FORWARDS, KurrentDBClient, START, excludeSystemEvents } from "@kurrent/kurrentdb-client";
import type { Position } from "@kurrent/kurrentdb-client";
import type { EventStore } from "../event-store.ts";
import { WrongExpectedVersionError } from "../errors.ts";
import { encodePosition } from "../position.ts";
import { createUpcasterChain } from "../upcasting.ts";
import type { NewEvent, RecordedEvent, Upcaster } from "../types.ts";
import { createAllSubscription } from "./all-subscription.ts";
import { createKeyReservations } from "./key-reservations.ts";
import {
  comparePositions,
  isHidden,
  isStreamNotFound,
  isWrongExpectedVersion,
  toKurrentEvent,
  toKurrentPosition,
  toRecorded,
  toStreamState,
  versionOf,
} from "./kurrentdb-mapping.ts";

export { keyStreamName } from "./kurrentdb-mapping.ts";

export type KurrentEventStoreOptions = {
  /** A KurrentDB connection string, e.g. `kurrentdb://localhost:2113?tls=false`. */
  readonly url: string;
  readonly upcasters?: readonly Upcaster[];
};

/** Page size when scanning $all backwards for the head. */
const HEAD_PAGE = 64;

/**
 * The event store on KurrentDB (EventStoreDB). Stream versions are the KurrentDB revision
 * + 1; positions are the $all (commit, prepare) pair, zero-padded so strings compare.
 *
 * Natural keys: reservation is NOT atomic with the append; see key-reservations.ts.
 */
export const createKurrentEventStore = (options: KurrentEventStoreOptions): EventStore => {
  const client = KurrentDBClient.connectionString(options.url);
  const upcast = createUpcasterChain(options.upcasters ?? []);
  const keys = createKeyReservations(client);
  const wakeUps = createAllSubscription(client);

  /** Position of the event at `revision` of `streamId` (what readStream / readAll report for it). */
  const positionAt = async (streamId: string, revision: bigint): Promise<Position | undefined> => {
    for await (const resolved of client.readStream(streamId, {
      fromRevision: revision,
      direction: FORWARDS,
      maxCount: 1,
    })) {
      if (resolved.event?.position) return resolved.event.position;
    }
    return undefined;
  };

  /** `limit` events of the log after `after` (key-stream events left out). */
  const readLogPage = async (after: string | null | undefined, limit: number): Promise<RecordedEvent[]> => {
    if (limit <= 0) return [];
    let cursor: Position | undefined = after ? toKurrentPosition(after) : undefined;
    const out: RecordedEvent[] = [];
    // System events are filtered by the server; key-stream events here, so a page may
    // need more than one read. Reading forwards from a position may include the event at
    // that position, so ask for one more and drop anything not strictly after it.
    for (;;) {
      const want = limit - out.length + (cursor ? 1 : 0);
      let received = 0;
      let advanced = false;
      for await (const resolved of client.readAll({
        fromPosition: cursor ?? START,
        direction: FORWARDS,
        maxCount: want,
        filter: excludeSystemEvents(),
      })) {
        received++;
        const e = resolved.event;
        if (!e || (cursor && comparePositions(e.position, cursor) <= 0)) continue;
        if (out.length >= limit) continue; // one more than needed: leave it for the next page
        cursor = e.position;
        advanced = true;
        if (!isHidden(e.streamId, e.type)) out.push(toRecorded(e, upcast));
      }
      if (out.length >= limit || received < want || !advanced) return out;
    }
  };

  const store: EventStore = {
    kind: "kurrentdb",
    inlineWrites: false,

    async append(streamId, events: readonly NewEvent[], opts = {}) {
      if (events.length === 0) throw new Error("append needs at least one event");
      if (opts.inline?.length)
        throw new Error("KurrentDB cannot write read models in the append's transaction (inlineWrites is false)");
      const expectedVersion = opts.expectedVersion ?? "any";
      const expected = String(expectedVersion);
      const streamState = toStreamState(expectedVersion);
      const payload = events.map(toKurrentEvent);

      const reservations = await keys.reserve(streamId, opts.reserveKeys ?? []);
      let nextRevision: bigint;
      let appendPosition: Position | undefined;
      try {
        const result = await client.appendToStream(streamId, payload, { streamState });
        nextRevision = result.nextExpectedRevision;
        appendPosition = result.position;
      } catch (error) {
        await keys.compensate(streamId, reservations);
        if (isWrongExpectedVersion(error))
          throw new WrongExpectedVersionError(streamId, expected, versionOf(error.actualState));
        throw error;
      }
      wakeUps.wake();

      await keys.release(streamId, opts.releaseKeys ?? []);

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
        for await (const resolved of client.readStream(streamId, {
          fromRevision: BigInt(from - 1),
          direction: FORWARDS,
          maxCount: count,
        })) {
          if (resolved.event) out.push(toRecorded(resolved.event, upcast));
        }
      } catch (error) {
        if (isStreamNotFound(error)) return [];
        throw error;
      }
      return out;
    },

    readStreams(requests) {
      // No multi-stream read in KurrentDB's API: the reads go out together.
      return Promise.all(
        requests.map((r) =>
          store.readStream(r.streamId, {
            fromVersion: r.fromVersion,
            ...(r.toVersion === undefined ? {} : { toVersion: r.toVersion }),
          }),
        ),
      );
    },

    async readAll(opts = {}) {
      return readLogPage(opts.after, opts.limit ?? 500);
    },

    async readPage(opts) {
      const limit = opts.limit ?? 500;
      const page = await readLogPage(opts.after, limit);
      const wanted = opts.types ? new Set(opts.types) : null;
      return {
        events: wanted ? page.filter((e) => wanted.has(e.type)) : page,
        end: page.at(-1)?.position ?? null,
        full: page.length >= limit,
        scanned: page.length,
      };
    },

    async lookupKey(scope, key) {
      return (await keys.readKey({ scope, key }))?.holder ?? null;
    },

    async headPosition() {
      let cursor: Position | undefined;
      for (;;) {
        let received = 0;
        let advanced = false;
        for await (const resolved of client.readAll({
          fromPosition: cursor ?? END,
          direction: BACKWARDS,
          maxCount: HEAD_PAGE,
          filter: excludeSystemEvents(),
        })) {
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
      return wakeUps.subscribe(listener);
    },

    async close() {
      wakeUps.close();
      await client.dispose();
    },
  };
  return store;
};
