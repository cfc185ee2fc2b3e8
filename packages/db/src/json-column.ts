/**
 * A jsonb column's value as the row holds it: parsed where it came as text (a value read
 * through a cast or an aggregate, or by a driver that leaves jsonb unparsed), as it is where
 * the driver parsed it. `fallback` stands in for SQL NULL.
 */
export function jsonColumn<T>(value: T | string): T;
export function jsonColumn<T>(value: T | string | null | undefined, fallback: T): T;
export function jsonColumn<T>(value: T | string | null | undefined, ...fallback: [T?]): T | null | undefined {
  if (value == null && fallback.length > 0) return fallback[0];
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}
