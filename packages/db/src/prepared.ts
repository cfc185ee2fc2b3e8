import { createHash } from "node:crypto";

/** Distinct statement texts this process prepares at most; past it, statements run unnamed. */
const MAX_PREPARED = 500;
const names = new Map<string, string>();

/**
 * A stable prepared-statement name for `text`, or undefined when it should run unnamed.
 * Named statements are parsed and planned once per connection instead of on every call,
 * which is most of PostgreSQL's work for the short queries of a request. Only single
 * statements qualify (the extended protocol refuses several at once: migrations), and at
 * most MAX_PREPARED texts, so SQL built with a varying shape cannot grow the set unbounded.
 */
export const preparedName = (text: string): string | undefined => {
  const known = names.get(text);
  if (known) return known;
  if (names.size >= MAX_PREPARED || text.length > 8000 || text.trimEnd().replace(/;$/, "").includes(";")) return undefined;
  const name = `p_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
  names.set(text, name);
  return name;
};

const PATTERN = /\b(I?LIKE|SIMILAR\s+TO)\b|!?~~?\*?/i;

/**
 * A pattern match (LIKE, ILIKE, SIMILAR TO, a regular expression): run unnamed, so it is
 * planned for its value each time. A prepared one may settle on a generic plan, which cannot
 * use a trigram index for a prefix and scanned 100,000 principals (10 → 160 ms p95).
 */
export const isPatternSearch = (text: string): boolean => PATTERN.test(text);
