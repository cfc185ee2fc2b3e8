import type { Context } from "hono";
import { DomainError } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import { bearerAuth, getCaller } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import type { IamInternals } from "../internals.ts";
import { resolveRoles } from "../read-model/client-queries.ts";
import { ports } from "@platform/ports";

export const auth = (deps: PlatformDeps) => bearerAuth(() => deps.ports.get(ports.authenticator));

/** The resources of IAM's permissions (`iam/clients:write`). */
export const CLIENTS = "iam/clients";
export const PRINCIPALS = "iam/principals";
export const ROLES = "iam/roles";

/** Sets the ETag header from a view's `etag` field and answers with the view. */
export const withEtag = <T extends { etag: string }>(c: Context, view: T, status: 200 | 201 = 200): Response => {
  c.header("ETag", `"${view.etag}"`);
  return c.json(view, status);
};

/** 400 naming each role key that names no role. Returns the roles' ACEs for escalation checks. */
export const knownRoles = async (iam: IamInternals, roles: readonly string[]) => {
  const { unknown, aces } = await resolveRoles(iam.db, roles);
  if (unknown.length > 0)
    throw new DomainError(
      "VALIDATION_FAILED",
      `Unknown role${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`,
      unknown.map((r) => ({ path: "roles", message: `unknown role '${r}'` })),
    );
  return aces;
};

/** Reads a view after a write; the read models have caught up when execute returned. */
export const mustFind = async <T>(p: Promise<T | null>, what: string): Promise<T> => {
  const found = await p;
  if (!found) throw new DomainError("NOT_FOUND", `${what} not found`);
  return found;
};

/** The caller, which must be able to do `permission` on `resource` or be asking about itself (`self`). */
export const callerFor = (c: Context, resource: string, permission: string, self = false): Caller => {
  const caller = getCaller(c);
  if (!self && !caller.can(resource, permission))
    throw new DomainError("FORBIDDEN", `Requires ${resource}:${permission}`);
  return caller;
};

/** Distinct values, order kept. */
export const unique = <T>(xs: readonly T[]): T[] => [...new Set(xs)];
