import * as v from "valibot";
import { DomainError } from "@platform/kernel";

/** `orderBy=<field> <asc|desc>` (direction in any case) → a trusted sort expression; unknown fields are 400. */
export const parseOrderBy = (value: string | undefined, fields: Readonly<Record<string, string>>, fallback: string) => {
  const [field = fallback, dir = "asc", ...rest] = (value?.trim() || fallback).split(/\s+/);
  const direction = dir.toLowerCase();
  const sortSql = Object.hasOwn(fields, field) ? fields[field] : undefined;
  if (!sortSql || rest.length > 0 || (direction !== "asc" && direction !== "desc"))
    throw new DomainError("VALIDATION_FAILED", "Invalid orderBy", [
      { path: "orderBy", message: `must be '<field> <asc|desc>' with field one of ${Object.keys(fields).join(", ")}` },
    ]);
  return { sortSql, direction: direction as "asc" | "desc" };
};

/** A timestamp as sortable ISO text, '' when null (so keyset cursors compare as text). */
export const isoSortKey = (column: string) =>
  `coalesce(to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), '')`;

export const parseBoolean = (value: string | undefined, name: string): boolean => {
  if (value === undefined || value === "") return false;
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw new DomainError("VALIDATION_FAILED", `Invalid ${name}`, [{ path: name, message: "must be true or false" }]);
};

const SearchSchema = v.pipe(v.string(), v.maxLength(200, "must be at most 200 characters"));
export const parseSearch = (value: string | undefined): string | undefined => {
  if (value === undefined || value.trim() === "") return undefined;
  if (!v.is(SearchSchema, value))
    throw new DomainError("VALIDATION_FAILED", "Invalid search", [
      { path: "search", message: "must be at most 200 characters" },
    ]);
  return value.trim();
};

/** An ILIKE pattern for a case-insensitive partial match (wildcards in the input are literal). */
export const containsPattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
