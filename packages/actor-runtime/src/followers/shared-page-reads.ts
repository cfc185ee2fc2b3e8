import { createBatchLoader } from "@platform/db";
import type { EventStore, LogPage } from "@platform/event-store";

/** A follower's event types as the shared reads name them: sorted, comma-separated, or "*" for all. */
export const typesOf = (eventTypes: readonly string[] | undefined) =>
  eventTypes
    ? { eventTypes: new Set(eventTypes), typesKey: [...new Set(eventTypes)].sort().join(",") }
    : { eventTypes: null, typesKey: "*" };

/**
 * The followers of this process woken by the same append read the log in the same turn:
 * those reads from the same position go as one query (a read never joins one already sent,
 * so it sees every commit made before it asked), for the union of the event types they
 * read; the store leaves the others' data out (a page's last event always comes, so each
 * moves past what it skipped). Keyed by "<position>\n<types>", "" for the start, "*" for all.
 */
export const createSharedPageReads = (store: EventStore, batchSize: number) => {
  const readPages = createBatchLoader<string, LogPage>(async (keys: readonly string[]) => {
    const wanted = new Map<string, Set<string> | null>();
    for (const key of keys) {
      const [after, types] = key.split("\n") as [string, string];
      const union = wanted.has(after) ? wanted.get(after)! : new Set<string>();
      wanted.set(after, types === "*" || union === null ? null : new Set([...union, ...types.split(",")]));
    }
    const pages = new Map<string, LogPage>();
    await Promise.all(
      [...wanted].map(async ([after, types]) =>
        pages.set(
          after,
          await store.readPage({ after: after || null, limit: batchSize, ...(types ? { types: [...types] } : {}) }),
        ),
      ),
    );
    return new Map(keys.map((key) => [key, pages.get(key.split("\n")[0]!)!]));
  });
  /** The page after `after` for a follower whose types are `typesKey` (see typesOf). */
  return async (typesKey: string, after: string | null): Promise<LogPage> =>
    (await readPages(`${after ?? ""}\n${typesKey}`)) ?? { events: [], end: null, full: false, scanned: 0 };
};
