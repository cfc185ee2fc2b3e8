import type { ValidationIssue } from "@platform/kernel";

/**
 * What PostgreSQL can store. Its text and jsonb types refuse NUL (U+0000) and an unpaired
 * UTF-16 surrogate, and jsonb parsing gives up on very deep nesting; any of those reaching
 * the database would be a 500. They are refused at the edge as 400 instead.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_MESSAGE = "must not contain NUL or unpaired surrogate characters";

export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);

/** Deepest nesting (objects and arrays) a request body may have, unless a caller asks for less. */
export const MAX_JSON_DEPTH = 64;

/** Issues one walk reports at most, so a hostile body cannot make a huge error response. */
const MAX_ISSUES = 10;

/**
 * Checks every key and string value of a JSON value, recording one issue per bad spot
 * (`dynamic.a.0.b`, at most MAX_ISSUES), and refuses nesting deeper than `maxDepth`.
 * Runs on every request body, so the walk allocates no closures or arrays per node.
 */
export const checkStorableJson = (
  value: unknown,
  path: string,
  issues: ValidationIssue[],
  maxDepth = MAX_JSON_DEPTH,
): void => {
  const budget = { left: MAX_ISSUES };
  walk(value, path, issues, maxDepth, 0, budget);
};

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

const walk = (
  value: unknown,
  path: string,
  issues: ValidationIssue[],
  maxDepth: number,
  depth: number,
  budget: { left: number },
): void => {
  if (budget.left <= 0) return;
  if (typeof value === "string") {
    if (!isStorableText(value)) {
      issues.push({ path, message: UNSTORABLE_MESSAGE });
      budget.left--;
    }
    return;
  }
  if (typeof value !== "object" || value === null) return;
  if (depth >= maxDepth) {
    issues.push({ path, message: `must not be nested deeper than ${maxDepth} levels` });
    budget.left--;
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (typeof child === "object" ? child !== null : typeof child === "string")
        walk(child, join(path, String(i)), issues, maxDepth, depth + 1, budget);
    }
    return;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!isStorableText(key)) {
      issues.push({
        path: join(path, key.replace(/[\u0000\ud800-\udfff]/g, "?")),
        message: `key ${UNSTORABLE_MESSAGE}`,
      });
      budget.left--;
      if (budget.left <= 0) return;
      continue;
    }
    const child: unknown = (value as Record<string, unknown>)[key];
    if (typeof child === "object" ? child !== null : typeof child === "string")
      walk(child, join(path, key), issues, maxDepth, depth + 1, budget);
  }
};
