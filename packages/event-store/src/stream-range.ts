import { createBatchLoader } from "@platform/db";
import type { EventStore } from "./event-store.ts";
import type { RecordedEvent } from "./types.ts";

const MAX_VERSION = 2147483647;

/** Per store: the range reads of requests arriving together, as one readStreams. */
const readers = new WeakMap<EventStore, (key: string) => Promise<RecordedEvent[] | undefined>>();

const readerOf = (store: EventStore) => {
  let read = readers.get(store);
  if (!read) {
    read = createBatchLoader<string, RecordedEvent[]>(async (keys) => {
      // A key is "<from> <to> <stream>": the stream id last, whatever it holds.
      const streams = await store.readStreams(
        keys.map((k) => {
          const [from, to] = k.split(" ", 2);
          return { streamId: k.slice(from!.length + to!.length + 2), fromVersion: Number(from), toVersion: Number(to) };
        }),
      );
      return new Map(keys.map((k, i) => [k, streams[i]!]));
    });
    readers.set(store, read);
  }
  return read;
};

/**
 * A stream's events from `fromVersion` to `toVersion` (both inclusive), as readStream would
 * answer; the reads of one turn of the event loop (a burst of journal pages or replays) go to
 * the store as one `readStreams` (one statement on PostgreSQL), asked after each of them was.
 */
export const readStreamRange = async (
  store: EventStore,
  streamId: string,
  fromVersion: number,
  toVersion: number,
): Promise<RecordedEvent[]> => {
  // Versions are 32-bit in the store: a range starting beyond them is empty (not an error).
  const to = Math.min(toVersion, MAX_VERSION);
  return fromVersion > to ? [] : ((await readerOf(store)(`${Math.max(1, fromVersion)} ${to} ${streamId}`)) ?? []);
};
