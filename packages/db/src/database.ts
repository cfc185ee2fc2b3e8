import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { createPgDedicated, createPgPool, kyselyPool } from "./pg-pool.ts";
import type { DedicatedConnection, SqlClient, SqlConnection, SqlPool } from "./sql-client.ts";
import { createSharedReads, isSharedRead } from "./shared-reads.ts";
import { withTransaction } from "./sql-client.ts";
import { openReplicas } from "./replicas/open-replicas.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDB = any;

/**
 * One database handle for the whole process: a SqlPool for hand-written SQL (the event
 * store), Kysely for read models, and a LISTEN/NOTIFY channel for waking followers in
 * other processes. Both engines run the same SQL.
 */
export interface Database {
  readonly engine: "postgres" | "pglite";
  readonly pool: SqlPool;
  readonly kysely: Kysely<AnyDB>;
  /** The schema everything lives in (`public` unless a test isolates itself). */
  readonly schema: string;
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /**
   * A separate small pool of the same database and schema whose sessions start with these
   * settings (for example `statement_timeout`), so a context that needs them pays no SET per
   * query and never leaves them on the shared pool. PostgreSQL only (PGlite is one session):
   * undefined there. The caller destroys it.
   */
  sessionPool?(settings: Readonly<Record<string, string>>, max: number): Kysely<AnyDB>;
  /**
   * A connection of its own, outside the pool, same schema: for session state that must end
   * when this process does (the followers' advisory locks). PostgreSQL only: undefined on
   * PGlite, which one process holds alone (see createPglitePool's data-directory lock).
   */
  dedicated?(): Promise<DedicatedConnection>;
  /**
   * The hot standbys of DATABASE_READ_URLS (PostgreSQL only): `writePosition` is the primary's WAL position now (after
   * a write: at or past its commit), `status` how far each standby has replayed and whether it is read.
   */
  readonly replicas?: {
    writePosition(): Promise<string>;
    status(): { replayed: bigint | undefined; readable: boolean }[];
  };
  /** Subscribes to a notification channel; returns an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload?: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions = {
  /** postgres://… ; unset = embedded PGlite. */
  readonly url?: string | undefined;
  /**
   * The same database without a pooler between (postgres://…), when `url` goes through one in transaction mode
   * (PgBouncer): what needs a server session of its own (LISTEN, session advisory locks, session settings) connects
   * here, and the statements on `url` go unnamed (a pooler may run each transaction on another server connection).
   */
  readonly directUrl?: string | undefined;
  /**
   * Hot standbys of the database (postgres://…): a GET of the API reads there once its caller is known, from one that
   * has replayed the caller's last write and lags by at most `readMaxLagMs`, waiting up to `readWaitMs` for one, else
   * on the primary (ReadScope).
   */
  readonly readUrls?: readonly string[] | undefined;
  readonly readMaxLagMs?: number | undefined;
  readonly readWaitMs?: number | undefined;
  /** PGlite's data directory; unset = in memory. */
  readonly dataDir?: string | undefined;
  /** Isolates everything in this schema (created if missing). Tests use it on a shared server. */
  readonly schema?: string | undefined;
  readonly maxConnections?: number | undefined;
  /**
   * In-memory PGlite only: start from this image of a data directory (a `dumpDataDir` tar)
   * instead of creating a cluster, which takes seconds. Tests start from a migrated image.
   */
  readonly pgliteImage?: Blob | undefined;
  /** PGlite's shared_buffers (PostgreSQL units, e.g. "16MB"); unset = createPglitePool's default. */
  readonly pgliteSharedBuffers?: string | undefined;
};

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

export const openDatabase = async (options: DatabaseOptions): Promise<Database> =>
  options.url ? openPostgres(options.url, options) : openPglite(options);

const openPostgres = async (url: string, options: DatabaseOptions): Promise<Database> => {
  const schema = options.schema ?? "public";
  const direct = options.directUrl ?? url;
  if (options.schema) {
    const admin = new pg.Client({ connectionString: direct });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`).catch((e: { code?: string }) => {
      if (e.code !== "23505") throw e; // concurrent creation
    });
    await admin.end();
  }
  const prepared = !options.directUrl;
  const inSchema = options.schema ? { schema } : {};
  const max = options.maxConnections ?? 20;
  const replicas = options.readUrls?.length
    ? openReplicas({
        primaryUrl: url,
        urls: options.readUrls,
        pool: { max, ...inSchema, prepared },
        maxLagMs: options.readMaxLagMs ?? 1000,
        waitMs: options.readWaitMs ?? 500,
      })
    : undefined;
  const pool = createPgPool({ url, max, ...inSchema, prepared, ...(replicas ? { replicas: replicas.set } : {}) });
  const sessionPool = (settings: Readonly<Record<string, string>>, max: number) => {
    const side = createPgPool({ url: direct, max, ...inSchema, settings });
    if (!replicas) return new Kysely<AnyDB>({ dialect: new PostgresDialect({ pool: side.raw }) });
    // With standbys, a pool of the same sessions on each, for the reads of a request that may go there.
    const onStandbys = (options.readUrls ?? []).map((r) => createPgPool({ url: r, max, ...inSchema, settings }).raw);
    const routed = kyselyPool(side.raw, false, replicas.set, onStandbys);
    const end = async () => {
      await Promise.all(onStandbys.map((p) => p.end()));
      await side.raw.end();
    };
    return new Kysely<AnyDB>({ dialect: new PostgresDialect({ pool: { ...routed, end } as never }) });
  };
  const kysely = new Kysely<AnyDB>({
    dialect: new PostgresDialect({ pool: kyselyPool(pool.raw, prepared, replicas?.set) as never }),
  });
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  // One connection for every LISTEN of the process, made once however many ask at the same
  // time, and one LISTEN on it at a time: pg would queue concurrent ones anyway, and warns.
  let connecting: Promise<pg.Client> | undefined;
  let listening: Promise<unknown> = Promise.resolve();
  const ensureListener = () =>
    (connecting ??= (async () => {
      const client = new pg.Client({ connectionString: direct });
      client.on("error", () => undefined);
      client.on("notification", (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? "")));
      await client.connect();
      listener = client;
      return client;
    })().catch((error: unknown) => {
      connecting = undefined;
      throw error;
    }));
  return {
    engine: "postgres",
    pool,
    kysely,
    schema,
    transaction: (fn) => withTransaction(pool, fn),
    sessionPool,
    dedicated: () => createPgDedicated({ url: direct, ...inSchema }),
    ...(replicas ? { replicas } : {}),
    listen: async (channel, onNotify) => {
      const client = await ensureListener();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const listened = listening.then(() => client.query(`LISTEN ${quoteIdent(channel)}`));
        listening = listened.catch(() => undefined);
        try {
          await listened;
        } catch (error) {
          handlers.delete(channel);
          throw error;
        }
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
      };
    },
    notify: async (channel, payload = "") => {
      await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    close: async () => {
      await listener?.end().catch(() => undefined);
      await replicas?.close();
      await kysely.destroy(); // ends the pool too
    },
  };
};

const openPglite = async (options: DatabaseOptions): Promise<Database> => {
  // Loaded only when used: the embedded engine's module costs tens of MiB a server deployment never needs.
  const { createPglitePool } = await import("./pglite-pool.ts");
  const pool = await createPglitePool(options.dataDir, options.pgliteImage, options.pgliteSharedBuffers);
  const schema = options.schema ?? "public";
  if (options.schema)
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}; SET search_path TO ${quoteIdent(schema)}`);
  // Kysely's PostgresDialect only needs pool.connect() → {query, release}; ours serialises on
  // PGlite. As on PostgreSQL (kyselyPool), the session is taken at the first statement, and a
  // marked read outside a transaction joins its identical copies of the turn instead.
  const shared = createSharedReads();
  const answer = (sql: string, r: { rows: Record<string, unknown>[]; rowCount: number }) => ({
    rows: r.rows,
    rowCount: r.rowCount,
    command: /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase(),
  });
  const kysely = new Kysely<AnyDB>({
    dialect: new PostgresDialect({
      pool: {
        connect: async () => {
          let conn: SqlConnection | undefined;
          return {
            query: async (sql: string, params: readonly unknown[]) => {
              if (!conn && isSharedRead(sql))
                return shared(sql, params, async () => answer(sql, await pool.query(sql, params)));
              conn ??= await pool.connect();
              return answer(sql, await conn.query(sql, params));
            },
            release: () => {
              conn?.release();
              conn = undefined;
            },
          };
        },
        end: async () => undefined,
      } as never,
    }),
  });
  // In one process, a notification is a direct call.
  const handlers = new Map<string, Set<(payload: string) => void>>();
  return {
    engine: "pglite",
    pool,
    kysely,
    schema,
    transaction: (fn) => withTransaction(pool, fn),
    listen: async (channel, onNotify) => {
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
      };
    },
    notify: async (channel, payload = "") => {
      handlers.get(channel)?.forEach((h) => h(payload));
    },
    close: async () => {
      await kysely.destroy();
      await pool.end();
    },
  };
};
