/** The smallest SQL surface the platform needs; both engines implement it. */
export interface SqlClient {
  /** Runs one statement with positional parameters ($1, $2, …). */
  query<R = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<{ rows: R[]; rowCount: number }>;
}

/** A pool of connections: a checked-out connection keeps session state (a transaction) until released. */
export interface SqlPool extends SqlClient {
  /** Checks out one connection; callers must `release()` it. PGlite has one, so this also serialises. */
  connect(): Promise<SqlConnection>;
  end(): Promise<void>;
}

export interface SqlConnection extends SqlClient {
  release(): void;
}

/**
 * A connection of its own, outside any pool, whose session state (advisory locks) lives
 * exactly as long as it: the server ends that state the moment the connection dies, the
 * process with it. `alive` turns false for good once it failed or was closed.
 */
export interface DedicatedConnection extends SqlClient {
  readonly alive: boolean;
  close(): Promise<void>;
}

/** Runs `fn` in a transaction on one connection: COMMIT on success, ROLLBACK on throw. */
export const withTransaction = async <T>(pool: SqlPool, fn: (tx: SqlClient) => Promise<T>): Promise<T> => {
  const conn = await pool.connect();
  try {
    await conn.query("BEGIN");
    const result = await fn(conn);
    await conn.query("COMMIT");
    return result;
  } catch (error) {
    await conn.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    conn.release();
  }
};
