/** JSON with every object's keys in order, so equal values print alike. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
  );
};

/**
 * Whether two JSON values are equal, whatever the order of their objects' keys. Deciders use
 * it to record nothing for a command that changes nothing: a state folded from events read
 * back from jsonb (which orders keys its own way) must compare equal to the same value built
 * from a request.
 */
export const sameJson = (a: unknown, b: unknown): boolean =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
