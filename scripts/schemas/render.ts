/** Objects with their keys sorted, recursively; arrays keep their order (it means something). */
export const sortKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
  );
};

/** The published text of a JSON document: sorted keys, 2-space indent, a trailing newline. */
export const renderJson = (doc: unknown): string => `${JSON.stringify(sortKeys(doc), null, 2)}\n`;
