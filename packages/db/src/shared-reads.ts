import { sql } from "kysely";
import type { Expression } from "kysely";

/** The mark a statement carries when identical copies of it may share one execution (`sharedRead`). */
const SHARED_READ_MARK = "/* shared read */";

/**
 * Marks a read-only SELECT (a list page: no side effects, no locks) as one whose identical
 * copies, asked in the same turn of the event loop outside a transaction, may be answered by
 * one execution (see `createSharedReads`).
 */
export const sharedRead = <Q extends { modifyEnd(modifier: Expression<unknown>): Q }>(query: Q): Q =>
  query.modifyEnd(sql.raw(SHARED_READ_MARK));

export const isSharedRead = (text: string): boolean => text.endsWith(SHARED_READ_MARK);

type Result = { readonly rows: Record<string, unknown>[] };
type Waiter<R> = { readonly resolve: (r: R) => void; readonly reject: (e: unknown) => void };
type Batch = Map<string, { readonly run: () => Promise<Result>; readonly waiters: Waiter<Result>[] }>;

const keyOf = (text: string, params: readonly unknown[]): string | undefined => {
  try {
    return `${text}\u0000${JSON.stringify(params)}`;
  } catch {
    return undefined; // a parameter JSON cannot hold (a BigInt): runs on its own
  }
};

/**
 * Coalesces identical marked reads (same text, same parameters) asked in one turn of the event
 * loop into one execution, sent from `setImmediate` after the turn's requests have all asked
 * (as `createBatchLoader` does): a read never joins one already sent, so each still sees every
 * write that returned before it was asked. Each caller gets its own copy of the rows (their
 * top-level objects), so one may change its rows without touching another's. A failed
 * execution fails each caller.
 */

export const createSharedReads = () => {
  let pending: Batch | undefined;
  const send = (batch: Batch) => {
    for (const { run, waiters } of batch.values()) {
      run().then(
        (result) =>
          waiters.forEach((w, i) =>
            w.resolve(i === 0 ? result : { ...result, rows: result.rows.map((r) => ({ ...r })) }),
          ),
        (error: unknown) => waiters.forEach((w) => w.reject(error)),
      );
    }
  };
  return <R extends Result>(text: string, params: readonly unknown[], run: () => Promise<R>): Promise<R> => {
    const key = keyOf(text, params);
    if (key === undefined) return run();
    return new Promise<R>((resolve, reject) => {
      if (!pending) {
        const batch: Batch = new Map();
        pending = batch;
        setImmediate(() => {
          pending = undefined;
          send(batch);
        });
      }
      const entry = pending.get(key);
      const waiter = { resolve: resolve as (r: Result) => void, reject };
      if (entry) entry.waiters.push(waiter);
      else pending.set(key, { run, waiters: [waiter] });
    });
  };
};
