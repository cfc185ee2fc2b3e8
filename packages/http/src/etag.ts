import type { Context } from "hono";
import { DomainError } from "@platform/kernel";

/** The strong ETag of a resource version: quoted in headers, bare in the `etag` field. */
export const etagValue = (version: number): string => `v${version}`;
export const etagHeader = (version: number): string => `"${etagValue(version)}"`;

export const setEtag = (c: Context, version: number) => c.header("ETag", etagHeader(version));

/**
 * Reads If-Match as a version. `required`: missing → 428 (identities). `*` and lists are
 * refused (400); an ETag that names no version we issue is stale by definition (409).
 */
export const ifMatchVersion = (c: Context, opts: { readonly required: boolean }): number | undefined => {
  const raw = c.req.header("If-Match");
  if (raw === undefined || raw.trim() === "") {
    if (opts.required) throw new DomainError("PRECONDITION_REQUIRED", "If-Match is required to update this resource");
    return undefined;
  }
  const value = raw.trim();
  if (value === "*" || value.includes(","))
    throw new DomainError("INVALID_REQUEST", "If-Match must be a single ETag from a previous response");
  const m = /^(?:W\/)?"?v(\d{1,9})"?$/.exec(value);
  if (!m) throw new DomainError("CONFLICT", "If-Match does not match the current version");
  return Number(m[1]);
};
