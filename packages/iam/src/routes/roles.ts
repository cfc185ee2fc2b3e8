import { Hono } from "hono";
import * as v from "valibot";
import { DomainError } from "@platform/kernel";
import { initiatorOf, ifMatchVersion, jsonBody, parsePage } from "@platform/http";
import { AclInputSchema } from "../access/acl.ts";
import { requireGrantable } from "../access/guards.ts";
import { getRole, listRoles } from "../read-model/client-queries.ts";
import { parseSearch } from "../read-model/list-filters.ts";
import type { RoleState } from "../role/state.ts";
import { isSystemRoleKey } from "../system.ts";
import type { IamInternals } from "../internals.ts";
import { ROLES, callerFor, mustFind, withEtag } from "./common.ts";
import { toAces } from "./principals.ts";
import { RoleKeySchema } from "../contract/requests.ts";
import type { GatewayEnv } from "@platform/http";

/** `PUT /resources/iam/roles/{key}`. */
export const RolePutSchema = v.strictObject({
  description: v.optional(v.pipe(v.string(), v.maxLength(500, "must be at most 500 characters")), ""),
  acl: AclInputSchema,
});

const keyOf = (raw: string, creating = false): string => {
  if (v.is(RoleKeySchema, raw)) return raw;
  if (creating)
    throw new DomainError("VALIDATION_FAILED", "Invalid role key", [
      { path: "key", message: "must look like namespace:capability" },
    ]);
  throw new DomainError("NOT_FOUND", "Role not found");
};

const refuseSystem = (key: string) => {
  if (isSystemRoleKey(key))
    throw new DomainError("FORBIDDEN", "Roles in the system: namespace are built in and read-only");
};

/** `/resources/iam/roles`: list, read, create/replace (PUT), delete. Built-in `system:` roles are read-only. */
export const roleRoutes = (iam: IamInternals) => {
  const app = new Hono<GatewayEnv>();

  app.get("/resources/iam/roles", async (c) => {
    callerFor(c, ROLES, "read");
    const q = c.req.query();
    if (q.prefix !== undefined && q.prefix.length > 100)
      throw new DomainError("VALIDATION_FAILED", "Invalid prefix", [
        { path: "prefix", message: "must be at most 100 characters" },
      ]);
    return c.json(
      await listRoles(iam.db, { search: parseSearch(q.search), prefix: q.prefix || undefined }, parsePage(q)),
    );
  });

  app.get("/resources/iam/roles/:key", async (c) => {
    callerFor(c, ROLES, "read");
    return withEtag(c, await mustFind(getRole(iam.db, keyOf(c.req.param("key"))), "Role"));
  });

  app.put("/resources/iam/roles/:key", async (c) => {
    const caller = callerFor(c, ROLES, "write");
    const key = keyOf(c.req.param("key"), true);
    refuseSystem(key);
    const body = await jsonBody(c, RolePutSchema);
    const acl = toAces(body.acl);
    const loaded = await iam.runtime.load("role", key);
    const before = loaded.state as RoleState;
    const ifMatch = ifMatchVersion(c, { required: loaded.exists });
    if (!loaded.exists && ifMatch !== undefined)
      throw new DomainError("CONFLICT", "If-Match does not match: the role does not exist");
    requireGrantable(
      caller,
      { rolesBefore: [], rolesAfter: [], acesBefore: loaded.exists ? before.acl : [], acesAfter: acl },
      new Map(),
    );
    const command = loaded.exists
      ? { type: "change" as const, description: body.description, acl }
      : { type: "define" as const, description: body.description, acl };
    await iam.runtime.execute("role", key, [command], initiatorOf(c), {
      existence: "any",
      expectedVersion: ifMatch ?? loaded.version,
    });
    return withEtag(c, await mustFind(getRole(iam.db, key), "Role"), loaded.exists ? 200 : 201);
  });

  app.delete("/resources/iam/roles/:key", async (c) => {
    callerFor(c, ROLES, "delete");
    const key = keyOf(c.req.param("key"));
    refuseSystem(key);
    const loaded = await iam.runtime.load("role", key);
    if (!loaded.exists) throw new DomainError("NOT_FOUND", "Role not found");
    const expected = ifMatchVersion(c, { required: false });
    await iam.runtime.execute("role", key, [{ type: "delete" }], initiatorOf(c), {
      expectedVersion: expected ?? loaded.version,
    });
    return c.body(null, 204);
  });

  return app;
};
