import pg from "pg";
import type { DedicatedConnection, SqlConnection, SqlPool } from "./sql-client.ts";
import { createMutex } from "./mutex.ts";
import { isStalePlan, opensTransaction, preparedName } from "./prepared.ts";
import { createSharedReads, isSharedRead } from "./shared-reads.ts";
import { onReplica } from "./replicas/route.ts";
import type { ReplicaSet } from "./replicas/replica-set.ts";

/**
 * The hand-written statements of this pool (event store, sessions, checkpoints: the few
 * short queries every request runs) go prepared, and so do Kysely's read-model queries
 * (`kyselyPool`) except pattern searches: a search such as `ILIKE '%term%'` needs a plan made
 * for its value (a generic plan would skip the trigram index).
 */
const statement = (text: string, params: readonly unknown[] | undefined, prepared = true) => {
  const name = prepared ? preparedName(text) : undefined;
  return name ? { name, text, values: (params ?? []) as unknown[] } : { text, values: params as unknown[] | undefined };
};

// int8 and counts as JS numbers on both engines (PGlite does the same); positions stay far below 2^53.
const types = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as "text"),
};

/**
 * The pool Kysely's PostgresDialect is given: the same pg.Pool, its queries sent as named
 * prepared statements (parsed and planned once per connection: for the short read-model
 * queries of a request that is most of PostgreSQL's work), pattern searches excepted. A
 * connection is taken from the pool at its first statement, not before: a marked read
 * (`sharedRead`) outside a transaction takes none of its own but joins its identical copies
 * of the same turn (`createSharedReads`), which run once on whichever connection is free.
 */
export const kyselyPool = (
  raw: pg.Pool,
  prepared = true,
  replicas?: ReplicaSet,
  /** This pool's own pools of the standbys (with its session settings), in the set's order. */
  replicaPools?: readonly pg.Pool[],
) => {
  const shared = createSharedReads();
  return {
    connect: async () => {
      let client: pg.PoolClient | undefined;
      let inTransaction = false;
      return {
        query: async (text: string, params?: readonly unknown[]) => {
          const values = params ?? [];
          if (!client && replicas) {
            const q = statement(text, values, prepared);
            const replicated = await onReplica(
              replicas,
              text,
              (on) => preparedOrFresh((x) => on.query(x), q, true),
              replicaPools ?? replicas.pools,
            );
            if (replicated) return replicated;
          }
          if (!client && isSharedRead(text))
            return shared(text, values, () =>
              preparedOrFresh((q) => raw.query(q), statement(text, values, prepared), true),
            );
          if (!client) inTransaction = opensTransaction(text);
          const on = (client ??= await raw.connect());
          return preparedOrFresh((q) => on.query(q), statement(text, values, prepared), !inTransaction);
        },
        release: () => {
          client?.release();
          client = undefined;
        },
      };
    },
    end: () => raw.end(),
  };
};

/**
 * A prepared statement whose tables another process's migration changed (a column added under
 * a `SELECT *`) is refused by the server until the connection prepares it again. Outside a
 * transaction the statement then runs once unnamed (planned afresh); inside one, the error
 * stands (the transaction is aborted either way) and the caller's retry starts a new one.
 */
const preparedOrFresh = async <R>(
  send: (q: { name?: string; text: string; values: unknown[] | undefined }) => Promise<R>,
  q: { name?: string; text: string; values: unknown[] | undefined },
  retry: boolean,
): Promise<R> => {
  try {
    return await send(q);
  } catch (error) {
    if (!retry || !q.name || !isStalePlan(error)) throw error;
    return send({ text: q.text, values: q.values });
  }
};

/** One statement on a pool, a checked-out client or a client of its own, as SqlClient answers it. */
const run = async (
  on: pg.Pool | pg.PoolClient | pg.Client,
  text: string,
  params: readonly unknown[] | undefined,
  prepared: boolean,
) => {
  const r = await preparedOrFresh((q) => on.query(q), statement(text, params, prepared), on instanceof pg.Pool);
  return { rows: r.rows, rowCount: r.rowCount ?? 0 };
};

type PgPoolOptions = {
  readonly url: string;
  readonly max?: number;
  readonly schema?: string;
  /** Session settings every connection starts with (names and values of the pool's owner, never input). */
  readonly settings?: Readonly<Record<string, string>>;
  /**
   * Whether statements go as named prepared statements (the default). Not through a pooler in transaction mode:
   * PgBouncer before 1.21 hands each transaction any server connection, where a name prepared on another is unknown.
   */
  readonly prepared?: boolean;
  /** Hot standbys that statements outside a transaction of a request that may read there go to (ReadScope). */
  readonly replicas?: ReplicaSet;
};

const SETTING = /^[a-z_]+$/;
const VALUE = /^[A-Za-z0-9_.:-]+$/;

/**
 * The connection string without its `options` parameter, and the startup options: the URL's
 * own (`?options=-c search_path=…`) first, then `-c name=value` for the schema and the
 * settings. node-postgres lets a URL's `options` replace a configured one, so both go in one.
 * A malformed setting is a programming error.
 */
const connection = (options: PgPoolOptions): { connectionString: string; options?: string } => {
  const entries = [
    ...(options.schema ? [["search_path", options.schema] as const] : []),
    ...Object.entries(options.settings ?? {}),
  ];
  for (const [name, value] of entries)
    if (!SETTING.test(name) || !VALUE.test(value)) throw new Error(`Invalid session setting ${name}=${value}`);
  let connectionString = options.url;
  let fromUrl: string | null = null;
  try {
    const url = new URL(options.url);
    fromUrl = url.searchParams.get("options");
    url.searchParams.delete("options");
    connectionString = url.toString();
  } catch {
    // Not a URL node-postgres' parser would read differently: left as it is.
  }
  const all = [fromUrl, ...entries.map(([name, value]) => `-c ${name}=${value}`)].filter((o): o is string => !!o);
  return all.length ? { connectionString, options: all.join(" ") } : { connectionString };
};

/** A SqlPool over node-postgres. `schema`, when given, is the connection's search_path. */
export const createPgPool = (options: PgPoolOptions): SqlPool & { readonly raw: pg.Pool } => {
  const prepared = options.prepared ?? true;
  const raw = new pg.Pool({
    ...connection(options),
    max: options.max ?? 20,
    types,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  raw.on("error", () => undefined);
  return {
    raw,
    // Without standbys, no detour through the routing (the event store's statements are the hottest path).
    query: options.replicas
      ? async (text, params) =>
          (await onReplica(options.replicas, text, (on) => run(on, text, params, prepared))) ??
          run(raw, text, params, prepared)
      : (text, params) => run(raw, text, params, prepared),
    connect: async (): Promise<SqlConnection> => {
      const client = await raw.connect();
      return {
        query: (text, params) => run(client, text, params, prepared),
        release: () => client.release(),
      };
    },
    end: () => raw.end(),
  };
};

/**
 * One connection outside the pool, with the pool's schema and settings (see
 * DedicatedConnection). TCP keep-alive on, so a peer that vanishes without closing is noticed.
 */
export const createPgDedicated = async (options: PgPoolOptions): Promise<DedicatedConnection> => {
  const client = new pg.Client({ ...connection(options), types, keepAlive: true });
  let alive = true;
  const lost = () => {
    alive = false;
  };
  client.on("error", lost);
  client.on("end", lost);
  await client.connect();
  // One statement at a time: node-postgres no longer queues a client's queries by itself.
  const mutex = createMutex();
  return {
    get alive() {
      return alive;
    },
    query: async (text, params) => {
      const release = await mutex.lock();
      try {
        return await run(client, text, params, options.prepared ?? true);
      } finally {
        release();
      }
    },
    close: async () => {
      alive = false;
      await client.end().catch(() => undefined);
    },
  };
};
