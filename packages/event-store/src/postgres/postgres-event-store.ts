import { newId } from "@platform/kernel";
import { coalescedNotify } from "@platform/db";
import { createPostgresAppends } from "./postgres-appends.ts";
import type { Database } from "@platform/db";
import type { EventStore } from "../event-store.ts";
import { decodePosition, encodePosition } from "../position.ts";
import { createUpcasterChain } from "../upcasting.ts";
import type { ReadAllOptions, RecordedEvent, Upcaster } from "../types.ts";

type EventRow = {
  global_position: number;
  tx: string;
  event_id: string;
  stream_id: string;
  version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: RecordedEvent["metadata"];
};

const EVENT_COLUMNS =
  "global_position, transaction_id::text AS tx, event_id::text, stream_id, version, type, " +
  "schema_version, data, metadata";
const SELECT_EVENT = `SELECT ${EVENT_COLUMNS} FROM es_events`;
const EVENT_COLUMNS_OF_E =
  "e.global_position, e.transaction_id::text AS tx, e.event_id::text, e.stream_id, e.version, " +
  "e.type, e.schema_version, e.data, e.metadata";

/**
 * A page of the log for readPage({types}): the page's positions and types, then whole rows
 * only for the wanted types and the page's last event (where it ends), each with the number
 * of events scanned. Events nobody asked for never leave the server.
 */
const READ_PAGE_OF_TYPES = `
  WITH page AS (
    SELECT global_position, transaction_id, type FROM es_events
     WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       AND (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
     ORDER BY transaction_id, global_position LIMIT $3
  ), picked AS (
    SELECT global_position FROM page WHERE type = ANY($4::text[])
    UNION
    (SELECT global_position FROM page ORDER BY transaction_id DESC, global_position DESC LIMIT 1)
  )
  SELECT ${EVENT_COLUMNS}, (SELECT count(*) FROM page)::int AS scanned
    FROM es_events WHERE global_position IN (SELECT global_position FROM picked)
   ORDER BY transaction_id, global_position`;

export type PostgresEventStoreOptions = {
  readonly db: Database;
  readonly upcasters?: readonly Upcaster[];
  /** Coalescing window for cross-process wake-ups (NOTIFY); default 5 ms. */
  readonly notifyDebounceMs?: number;
  /** Groups of appends committed at once (default 1); the appends asked for meanwhile wait and go together. */
  readonly commitsInFlight?: number;
};

/**
 * The event store on PostgreSQL, and on PGlite with the same SQL. Run
 * `eventStoreMigrations` first (the migrator does at start).
 */
export const createPostgresEventStore = (options: PostgresEventStoreOptions): EventStore => {
  const { db } = options;
  const upcast = createUpcasterChain(options.upcasters ?? []);
  const channel = `es_events_${db.schema}`;
  const listeners = new Set<(types?: readonly string[]) => void>();
  const wake = (types?: readonly string[]) => listeners.forEach((l) => l(types));
  let unlisten: Promise<() => Promise<void>> | undefined;
  // A NOTIFY inside the append would serialise every commit on the notify queue; one
  // coalesced NOTIFY after commit wakes other processes without taxing the hot path.
  // The NOTIFY names this store, whose own followers `wake()` already woke at commit: the
  // echo is skipped, so it does not send them to read the log a second time.
  const self = newId();
  const others = coalescedNotify(db, channel, options.notifyDebounceMs ?? 5, self);
  const notifyOthers = () => {
    if (db.engine !== "pglite") others.notify();
  };

  const toRecorded = (r: EventRow): RecordedEvent =>
    upcast({
      id: r.event_id,
      streamId: r.stream_id,
      type: r.type,
      version: r.version,
      position: encodePosition(r.tx, r.global_position),
      globalPosition: r.global_position,
      schemaVersion: r.schema_version,
      data: r.data,
      metadata: r.metadata,
    });

  const { append, appendAll } = createPostgresAppends(db, options.commitsInFlight, (types) => {
    wake(types);
    notifyOthers();
  });

  const readAll = async (opts: ReadAllOptions = {}): Promise<RecordedEvent[]> => {
    const [tx, pos] = opts.after ? decodePosition(opts.after) : ["0", "0"];
    const { rows } = await db.pool.query<EventRow>(
      `${SELECT_EVENT}
        WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          AND (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
        ORDER BY transaction_id, global_position LIMIT $3`,
      [tx, pos, opts.limit ?? 500],
    );
    return rows.map(toRecorded);
  };

  return {
    kind: db.engine === "pglite" ? "pglite" : "postgres",
    inlineWrites: true,

    append,
    appendAll,

    async readStream(streamId, opts = {}) {
      const { rows } = await db.pool.query<EventRow>(
        `${SELECT_EVENT} WHERE stream_id = $1 AND version >= $2 AND version <= $3 ORDER BY version LIMIT $4`,
        [streamId, opts.fromVersion ?? 1, opts.toVersion ?? 2147483647, opts.maxCount ?? 2147483647],
      );
      return rows.map(toRecorded);
    },

    async readStreams(requests) {
      if (requests.length === 0) return [];
      const { rows } = await db.pool.query<EventRow & { i: string }>(
        `SELECT r.i, ${EVENT_COLUMNS_OF_E}
           FROM unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY AS r(stream_id, from_version, to_version, i)
           JOIN es_events e ON e.stream_id = r.stream_id AND e.version >= r.from_version AND e.version <= r.to_version
          ORDER BY r.i, e.version`,
        [
          requests.map((r) => r.streamId),
          requests.map((r) => Math.max(1, r.fromVersion)),
          requests.map((r) => Math.min(2147483647, r.toVersion ?? 2147483647)),
        ],
      );
      const out: RecordedEvent[][] = requests.map(() => []);
      for (const r of rows) out[Number(r.i) - 1]!.push(toRecorded(r));
      return out;
    },

    readAll,

    async readPage(opts) {
      const limit = opts.limit ?? 500;
      if (!opts.types) {
        const events = await readAll(opts);
        return { events, end: events.at(-1)?.position ?? null, full: events.length >= limit, scanned: events.length };
      }
      const [tx, pos] = opts.after ? decodePosition(opts.after) : ["0", "0"];
      const { rows } = await db.pool.query<EventRow & { scanned: number }>(READ_PAGE_OF_TYPES, [
        tx,
        pos,
        limit,
        opts.types,
      ]);
      const last = rows.at(-1);
      const wanted = new Set(opts.types);
      return {
        events: rows.filter((r) => wanted.has(r.type)).map(toRecorded),
        end: last ? encodePosition(last.tx, last.global_position) : null,
        full: (last?.scanned ?? 0) >= limit,
        scanned: last?.scanned ?? 0,
      };
    },

    async lookupKey(scope, key) {
      const { rows } = await db.pool.query<{ stream_id: string }>(
        "SELECT stream_id FROM es_keys WHERE scope = $1 AND key = $2",
        [scope, key],
      );
      return rows[0]?.stream_id ?? null;
    },

    async headPosition() {
      // The newest committed event, even while an older transaction is still open (readAll
      // holds it back until that one ends): waiting for it is waiting for every write so far.
      const { rows } = await db.pool.query<{ tx: string; global_position: number }>(
        `SELECT transaction_id::text AS tx, global_position FROM es_events
          ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      );
      const r = rows[0];
      return r ? encodePosition(r.tx, r.global_position) : null;
    },

    subscribe(listener) {
      listeners.add(listener);
      if (!unlisten && db.engine !== "pglite")
        unlisten = db.listen(channel, (from) => {
          if (from !== self) wake();
        });
      return () => {
        listeners.delete(listener);
      };
    },

    async close() {
      others.cancel();
      listeners.clear();
      if (unlisten) await (await unlisten)();
    },
  };
};
