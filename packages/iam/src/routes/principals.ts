import { Hono } from "hono";
import type { Context } from "hono";
import { DomainError, isRestricted, storedPhone } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import { initiatorOf, ifMatchVersion, jsonBody, parsePage } from "@platform/http";
import { AclError, aclToAces } from "../access/acl.ts";
import type { AclInput } from "../access/acl.ts";
import { requireAssignableAttributes, requireGrantable, requireOutranks, requireVisible } from "../access/guards.ts";
import { loadForWrite } from "../access/load-for-write.ts";
import { resolveRoles } from "../read-model/client-queries.ts";
import type { IamInternals } from "../internals.ts";
import type { PrincipalCommand } from "../principal/commands.ts";
import type { PrincipalProperties } from "../principal/events.ts";
import type { PrincipalState } from "../principal/state.ts";
import { getPrincipal, listPrincipals, PRINCIPAL_SORTS } from "../read-model/principal-queries.ts";
import { parseBoolean, parseOrderBy, parseSearch } from "../read-model/list-filters.ts";
import { PrincipalPatchSchema, PrincipalPutSchema, RoleKeySchema } from "../contract/requests.ts";
import { PRINCIPALS, callerFor, knownRoles, mustFind, unique, withEtag } from "./common.ts";
import { principalIdOf } from "./ids.ts";
import { erasePrincipal } from "../principal/erasure.ts";
import * as v from "valibot";
import type { GatewayEnv } from "@platform/http";

export const toAces = (acl: AclInput | undefined): string[] => {
  try {
    return acl ? aclToAces(acl) : [];
  } catch (e) {
    if (e instanceof AclError)
      throw new DomainError("VALIDATION_FAILED", e.message, [{ path: "acl", message: e.message }]);
    throw e;
  }
};

/** 403 unless the caller holds every permission of the principal it is about to change. */
const requireOutranksPrincipal = async (iam: IamInternals, caller: Caller, state: PrincipalState) =>
  requireOutranks(caller, { roles: state.roles, aces: state.acl }, (await resolveRoles(iam.db, state.roles)).aces);

/**
 * Loads an existing principal for a write: 404 when absent, 403 outside the caller's
 * access attributes or when it holds permissions the caller does not.
 */
export const loadVisiblePrincipal = (iam: IamInternals, caller: Caller, id: string) =>
  loadForWrite<PrincipalState>(iam, caller, "principal", id, (state) => requireOutranksPrincipal(iam, caller, state));

/** Runs commands pinned to `version` and answers with the principal and its ETag. */
export const executeAndShow = async (
  c: Context,
  iam: IamInternals,
  id: string,
  commands: PrincipalCommand[],
  version: number,
  status: 200 | 201 = 200,
) => {
  await iam.runtime.execute("principal", id, commands, initiatorOf(c), { existence: "any", expectedVersion: version });
  return withEtag(c, await mustFind(getPrincipal(iam.db, id), "Principal"), status);
};

const listQuery = (c: Context, caller: Caller) => {
  const q = c.req.query();
  const roles = unique(
    [...(c.req.queries("roles") ?? []), ...(q.role ? [q.role] : [])]
      .flatMap((r) => r.split(","))
      .map((r) => r.trim())
      .filter(Boolean),
  );
  for (const r of roles)
    if (!v.is(RoleKeySchema, r))
      throw new DomainError("VALIDATION_FAILED", "Invalid role filter", [
        { path: "roles", message: `'${String(r).slice(0, 100)}' is not a role key` },
      ]);
  if (q.rolePrefix !== undefined && (q.rolePrefix === "" || q.rolePrefix.length > 100))
    throw new DomainError("VALIDATION_FAILED", "Invalid rolePrefix", [
      { path: "rolePrefix", message: "must be 1 to 100 characters" },
    ]);
  const order = parseOrderBy(q.orderBy, PRINCIPAL_SORTS, "name");
  return {
    search: parseSearch(q.search),
    roles,
    rolePrefix: q.rolePrefix,
    includeSuspended: parseBoolean(q.includeSuspended, "includeSuspended"),
    sortSql: order.sortSql,
    direction: order.direction,
    attributes: caller.attributes,
  };
};

/** `/resources/iam/principals`: list, read, create/replace, patch, delete. */
export const principalRoutes = (iam: IamInternals) => {
  const app = new Hono<GatewayEnv>();

  app.get("/resources/iam/principals", async (c) => {
    const caller = callerFor(c, PRINCIPALS, "read");
    const query = listQuery(c, caller);
    return c.json(await listPrincipals(iam.db, query, parsePage(c.req.query())));
  });

  app.get("/resources/iam/principals/:id", async (c) => {
    const caller = callerFor(c, PRINCIPALS, "read");
    const id = principalIdOf(c.req.param("id"));
    const view = await mustFind(getPrincipal(iam.db, id), "Principal");
    requireVisible(caller, view.accessAttributes);
    return withEtag(c, view);
  });

  app.put("/resources/iam/principals/:id", async (c) => {
    const caller = callerFor(c, PRINCIPALS, "write");
    const id = principalIdOf(c.req.param("id"), true);
    const body = await jsonBody(c, PrincipalPutSchema);
    const acl = toAces(body.acl);
    const roles = unique(body.roles ?? []);
    const accessAttributes = Object.fromEntries(
      Object.entries(body.accessAttributes ?? {}).map(([k, vals]) => [k, unique(vals)]),
    );
    const loaded = await iam.runtime.load("principal", id);
    const before = loaded.state as PrincipalState;
    const ifMatch = ifMatchVersion(c, { required: loaded.exists });
    if (loaded.exists) {
      requireVisible(caller, before.accessAttributes);
      await requireOutranksPrincipal(iam, caller, before);
    } else if (ifMatch !== undefined)
      throw new DomainError("CONFLICT", "If-Match does not match: the principal does not exist");
    const roleAces = await knownRoles(iam, roles);
    requireGrantable(
      caller,
      {
        rolesBefore: loaded.exists ? before.roles : [],
        rolesAfter: roles,
        acesBefore: loaded.exists ? before.acl : [],
        acesAfter: acl,
      },
      roleAces,
    );
    requireAssignableAttributes(caller, accessAttributes);
    const p = body.properties;
    const properties: PrincipalProperties = {
      name: p.name,
      email: p.email,
      phone: p.phone ?? null,
      picture: p.picture ?? null,
      settings: p.settings ?? {},
    };
    const definition = { properties, roles, acl, accessAttributes };
    const command: PrincipalCommand = loaded.exists ? { type: "replace", definition } : { type: "create", definition };
    return executeAndShow(c, iam, id, [command], ifMatch ?? loaded.version, loaded.exists ? 200 : 201);
  });

  app.patch("/resources/iam/principals/:id", async (c) => {
    const caller = callerFor(c, PRINCIPALS, "write");
    const id = principalIdOf(c.req.param("id"));
    const body = await jsonBody(c, PrincipalPatchSchema);
    const { state } = await loadVisiblePrincipal(iam, caller, id);
    const expected = ifMatchVersion(c, { required: true })!;
    const cur = state.properties!;
    // A Map, not assignments: a key such as `__proto__` is a setting like any other.
    const merged = new Map<string, unknown>(body.settings === null ? [] : Object.entries(cur.settings));
    for (const [k, val] of Object.entries(body.settings ?? {})) {
      if (val === null) merged.delete(k);
      else merged.set(k, val);
    }
    const settings = Object.fromEntries(merged);
    const properties: PrincipalProperties = {
      name: body.name ?? cur.name,
      email: body.email ?? cur.email,
      // One written before phones were E.164 is stored E.164 with this write, where it can be.
      phone: body.phone === undefined ? cur.phone && storedPhone(cur.phone) : body.phone,
      picture: body.picture === undefined ? cur.picture : body.picture,
      settings,
    };
    return executeAndShow(c, iam, id, [{ type: "changeProperties", properties }], expected);
  });

  app.delete("/resources/iam/principals/:id", async (c) => {
    const caller = callerFor(c, PRINCIPALS, "delete");
    const id = principalIdOf(c.req.param("id"));
    if (caller.principalId === id) throw new DomainError("FORBIDDEN", "Cannot delete your own principal");
    const { version } = await loadVisiblePrincipal(iam, caller, id);
    const expected = ifMatchVersion(c, { required: false });
    await erasePrincipal(iam, id, initiatorOf(c), expected ?? version);
    return c.body(null, 204);
  });

  /** Erasure of a principal that is deleted already (or deletion with erasure, like DELETE); 204 again once erased. */
  app.post("/resources/iam/principals/:id/erase", async (c) => {
    const caller = callerFor(c, PRINCIPALS, "delete");
    const id = principalIdOf(c.req.param("id"));
    if (caller.principalId === id)
      throw new DomainError("FORBIDDEN", "Erase your own principal through POST /resources/me/erase");
    const loaded = await iam.runtime.load("principal", id);
    if (loaded.version === 0) throw new DomainError("NOT_FOUND", "Principal not found");
    // A deleted principal's attributes are gone with it: only an unrestricted caller may erase one.
    if (loaded.exists) await loadVisiblePrincipal(iam, caller, id);
    else if (isRestricted(caller))
      throw new DomainError("FORBIDDEN", "Only a caller without access attributes may erase a deleted principal");
    await erasePrincipal(iam, id, initiatorOf(c));
    return c.body(null, 204);
  });

  return app;
};
