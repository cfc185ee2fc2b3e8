import * as v from "valibot";
import { isStorableText } from "./storable.ts";
import { DomainError } from "@platform/kernel";

export type PageRequest = {
  readonly limit: number;
  readonly after?: string[] | undefined;
  readonly before?: string[] | undefined;
};

/** Cursors are opaque: base64url of the row's sort key values. */
export const encodeCursor = (values: readonly (string | number | null)[]): string =>
  Buffer.from(JSON.stringify(values)).toString("base64url");

export const decodeCursor = (cursor: string, name = "cursor"): string[] => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const values =
      Array.isArray(parsed) && parsed.length > 0 && parsed.length <= 4
        ? parsed.map((x) => (x === null ? "" : String(x)))
        : undefined;
    // A forged cursor must not smuggle text PostgreSQL cannot store into a query (a 500).
    if (values && values.every(isStorableText)) return values;
  } catch {
    // fall through
  }
  throw new DomainError("VALIDATION_FAILED", `Invalid ${name}`, [
    { path: name, message: "not a cursor from this API" },
  ]);
};

const LimitSchema = v.pipe(
  v.string(),
  v.regex(/^\d+$/, "must be a whole number"),
  v.transform(Number),
  v.minValue(1),
  v.maxValue(100, "must be at most 100"),
);

/** limit (default 50, 1..100; more is 400, not capped), after, before (not both). */
export const parsePage = (query: Record<string, string | undefined>): PageRequest => {
  let limit = 50;
  if (query.limit !== undefined) {
    const r = v.safeParse(LimitSchema, query.limit);
    if (!r.success)
      throw new DomainError("VALIDATION_FAILED", "Invalid limit", [{ path: "limit", message: r.issues[0]!.message }]);
    limit = r.output;
  }
  if (query.after && query.before)
    throw new DomainError("VALIDATION_FAILED", "Use after or before, not both", [
      { path: "before", message: "not with after" },
    ]);
  return {
    limit,
    after: query.after ? decodeCursor(query.after, "after") : undefined,
    before: query.before ? decodeCursor(query.before, "before") : undefined,
  };
};

/** The contract's list envelope: `{<key>: [...], totalCount, firstCursor, lastCursor}` (docs/API.md). */
export const listEnvelope = <T>(
  key: string,
  items: readonly T[],
  totalCount: number,
  cursorOf: (item: T) => readonly (string | number | null)[],
) => ({
  [key]: items,
  totalCount,
  firstCursor: items.length ? encodeCursor(cursorOf(items[0]!)) : null,
  lastCursor: items.length ? encodeCursor(cursorOf(items.at(-1)!)) : null,
});

/**
 * For a list sorted by (instant, id): 400 unless each cursor holds exactly such a pair (anything else did not come from
 * us).
 */
export const checkInstantIdCursors = (page: PageRequest, isId: (value: string) => boolean) => {
  for (const [name, cursor] of [
    ["after", page.after],
    ["before", page.before],
  ] as const) {
    if (cursor && (cursor.length !== 2 || Number.isNaN(Date.parse(cursor[0]!)) || !isId(cursor[1]!)))
      throw new DomainError("VALIDATION_FAILED", `Invalid ${name}`, [
        { path: name, message: "not a cursor from this API" },
      ]);
  }
};

/**
 * A page of a list held in memory, sorted by a unique text key (`keyOf`), in the contract's envelope: `after` and
 * `before` are keys of that order, `before` gives the page just before it (in the same ascending order).
 */
export const arrayPage = <T>(key: string, sorted: readonly T[], keyOf: (item: T) => string, page: PageRequest) => {
  let items: readonly T[];
  if (page.before) {
    const before = page.before[0]!;
    const earlier = sorted.filter((item) => keyOf(item) < before);
    items = earlier.slice(Math.max(0, earlier.length - page.limit));
  } else {
    const after = page.after?.[0];
    items = sorted.filter((item) => after === undefined || keyOf(item) > after).slice(0, page.limit);
  }
  return listEnvelope(key, items, sorted.length, (item) => [keyOf(item)]);
};
