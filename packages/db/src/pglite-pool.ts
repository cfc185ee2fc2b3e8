import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lockDirectory } from "./directory-lock.ts";
import { createMutex } from "./mutex.ts";
import { initPgliteDir } from "./pglite-init.ts";
import { createPgliteStatements } from "./pglite-statements.ts";
import { opensTransaction } from "./prepared.ts";
import type { SqlConnection, SqlPool } from "./sql-client.ts";

/**
 * PostgreSQL's own default is 128MB, and PGlite's buffers live in its WebAssembly memory,
 * which is resident from the first touch and never shrinks: the whole pool would stay in the
 * process for good. The data directory's files are in the operating system's page cache
 * anyway, so a small pool costs a read call on a miss, not a disk read.
 */
const DEFAULT_SHARED_BUFFERS = "16MB";

const commandOf = (text: string): string => /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "";

/**
 * A SqlPool over embedded PGlite. PGlite is one connection, so `connect()` hands it out
 * exclusively (a FIFO mutex): a transaction on it never interleaves with other work.
 * `dataDir` undefined = in memory; a data directory is this process's alone while open
 * (lockDirectory). `image`: a data directory's tar (`imageOf`) to start from.
 */
export const createPglitePool = async (
  dataDir?: string,
  image?: Blob,
  sharedBuffers = DEFAULT_SHARED_BUFFERS,
): Promise<SqlPool & { readonly raw: PGlite; readonly exclusive: <T>(fn: () => Promise<T>) => Promise<T> }> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDirectory(dataDir) : () => undefined;
  const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`];
  const raw = await (dataDir ? initPgliteDir(dataDir) : Promise.resolve())
    .then(() =>
      PGlite.create({
        ...(dataDir ? { dataDir } : {}),
        ...(image ? { loadDataDir: image } : {}),
        extensions: { pg_trgm },
        startParams,
      }),
    )
    .catch((e: unknown) => {
      unlock();
      throw e;
    });
  const mutex = createMutex();
  const statements = createPgliteStatements(raw);
  /**
   * `retry`: not inside a transaction (see createPgliteStatements). Without parameters, text may hold several
   * statements (migrations).
   */
  const run = async (text: string, params: readonly unknown[] | undefined, retry: boolean) => {
    const r =
      params && params.length > 0
        ? await statements.query(text, params, retry)
        : await raw.exec(text).then((rs) => rs.at(-1) ?? { rows: [], affectedRows: 0 });
    return { rows: r.rows as never[], rowCount: r.affectedRows ?? 0, command: commandOf(text) };
  };
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const release = await mutex.lock();
    try {
      return await fn();
    } finally {
      release();
    }
  };
  let ended = false;
  return {
    raw,
    exclusive,
    query: (text, params) => exclusive(() => run(text, params, true)),
    connect: async (): Promise<SqlConnection> => {
      const release = await mutex.lock();
      // A connection's first statement tells whether it is a transaction (Kysely's begin).
      let inTransaction: boolean | undefined;
      return {
        query: (text, params) => {
          inTransaction ??= opensTransaction(text);
          return run(text, params, !inTransaction);
        },
        release,
      };
    },
    end: async () => {
      if (ended) return;
      ended = true;
      await exclusive(() => raw.close());
      unlock();
    },
  };
};

/** A PGlite pool's data directory as an uncompressed tar, to start another from (`createPglitePool`'s `image`). */
export const imageOf = async (pool: SqlPool): Promise<Blob> => {
  const { raw, exclusive } = pool as Awaited<ReturnType<typeof createPglitePool>>;
  if (!(raw instanceof PGlite)) throw new Error("imageOf: not a PGlite pool");
  return exclusive(() => raw.dumpDataDir("none"));
};
