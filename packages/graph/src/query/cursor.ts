import { isStorableText } from "@platform/http";
import { DomainError } from "@platform/kernel";
import type { GraphField } from "@platform/host";
import { isInstantText } from "../filter/compile.ts";
import type { OrderSpec } from "./edges.ts";

/** Where a page ends: the order's field, the last row's value of it (null sorts last) and its id. */
export type Cursor = { readonly value: string | number | boolean | null; readonly id: string };

/**
 * Opaque to clients: base64url of `[orderField, value, id]`. The value is the row's order key
 * as selected (instants already ISO text with microseconds; PostgreSQL's numeric comes as text).
 */
export const encodeGraphCursor = (order: OrderSpec, value: unknown, id: string): string => {
  const v = typeof value === "string" && order.field.type === "number" ? Number(value) : value;
  return Buffer.from(JSON.stringify([order.name, v ?? null, id])).toString("base64url");
};

const fits = (field: GraphField, v: unknown): boolean =>
  v === null
    ? !!field.nullable
    : field.type === "number"
      ? typeof v === "number" && Number.isFinite(v)
      : field.type === "boolean"
        ? typeof v === "boolean"
        : field.type === "instant"
          ? typeof v === "string" && isInstantText(v)
          : typeof v === "string" && isStorableText(v);

/** The cursor of a previous answer in the same order; 400 for anything else. */
export const decodeGraphCursor = (text: string, order: OrderSpec, path: string): Cursor => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    parsed = undefined;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 3 &&
    parsed[0] === order.name &&
    fits(order.field, parsed[1]) &&
    typeof parsed[2] === "string" &&
    isStorableText(parsed[2])
  )
    return { value: parsed[1] as Cursor["value"], id: parsed[2] };
  throw new DomainError("VALIDATION_FAILED", "Invalid after", [
    { path, message: "not a cursor of this query's order" },
  ]);
};
