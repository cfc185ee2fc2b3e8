import { createHash } from "node:crypto";

/** Distinct statement texts this process prepares at most; past it, statements run unnamed. */
const MAX_PREPARED = 500;
const names = new Map<string, string>();

/**
 * A pattern match (LIKE, ILIKE, SIMILAR TO, a regular expression) is planned for its value
 * each time: a prepared one may settle on a generic plan, which cannot use a trigram index for
 * a prefix and scanned 100,000 principals (10 → 160 ms p95).
 */
const PATTERN = /\b(I?LIKE|SIMILAR\s+TO)\b|!?~~?\*?/i;

/**
 * A stable prepared-statement name for `text`, or undefined when it should run unnamed (on
 * both engines' pools). Named statements are parsed and planned once per connection instead
 * of on every call, which is most of PostgreSQL's work for the short queries of a request.
 * Only single statements qualify (the extended protocol refuses several at once: migrations),
 * pattern searches do not (above), and at most MAX_PREPARED texts, so SQL built with a
 * varying shape cannot grow the set unbounded.
 */
export const preparedName = (text: string): string | undefined => {
  const known = names.get(text);
  if (known) return known;
  if (
    PATTERN.test(text) ||
    names.size >= MAX_PREPARED ||
    text.length > 8000 ||
    text.trimEnd().replace(/;$/, "").includes(";")
  )
    return undefined;
  const name = `p_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
  names.set(text, name);
  return name;
};

/**
 * A prepared statement whose tables a migration changed (a column added under a `SELECT *`)
 * is refused until it is prepared again.
 */
export const isStalePlan = (error: unknown): boolean =>
  (error as { code?: string }).code === "0A000" &&
  /cached plan must not change result type/.test(String((error as Error).message));

/**
 * Whether a connection's first statement opens a transaction (Kysely's `begin`): a stale plan is then not retried in
 * it.
 */
export const opensTransaction = (text: string): boolean => /^\s*(begin|start\s+transaction)\b/i.test(text);
