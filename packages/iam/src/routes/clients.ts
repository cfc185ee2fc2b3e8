import { Hono } from "hono";
import type { Context } from "hono";
import * as v from "valibot";
import { DomainError, isRestricted, parseAce } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import { actorOf, ifMatchVersion, jsonBody, objectBody, parsePage } from "@platform/http";
import type { PlatformDeps } from "@platform/platform";
import { canonicalAttributes, inheritedAttributes, requireGrantable, requireOutranks, requireVisible } from "../access/guards.ts";
import type { Attributes } from "../access/guards.ts";
import type { ClientCommand } from "../client/commands.ts";
import type { ClientProperties } from "../client/events.ts";
import type { ClientState } from "../client/state.ts";
import { ClientInputSchema, normalizeClientProperties } from "../client/properties.ts";
import type { IamInternals } from "../internals.ts";
import { CLIENT_SORTS, getClient, listClients, resolveRoles } from "../read-model/client-queries.ts";
import { parseBoolean, parseOrderBy, parseSearch } from "../read-model/list-filters.ts";
import { systemClients } from "../system.ts";
import { callerFor, internalsOf, knownRoles, mustFind, unique, withEtag } from "./common.ts";
import { AccessAttributesSchema, RolesBodySchema, RolesSchema, clientIdOf } from "./schemas.ts";

export const C = "iam/clients";

/** `PUT /resources/iam/clients/{id}` (also what schemas/openapi.json publishes). */
export const ClientPutSchema = v.strictObject({
  properties: v.strictObject({
    name: ClientInputSchema.name,
    description: v.optional(ClientInputSchema.description),
    redirectUris: v.optional(ClientInputSchema.redirectUris),
    grantTypes: v.optional(ClientInputSchema.grantTypes),
    scopes: v.optional(ClientInputSchema.scopes),
    tokenEndpointAuthMethod: v.optional(ClientInputSchema.tokenEndpointAuthMethod),
  }),
  roles: v.optional(RolesSchema),
  /** Only a caller without access attributes may set them; a restricted caller's clients inherit its own. */
  accessAttributes: v.optional(AccessAttributesSchema),
});

/** `PATCH /resources/iam/clients/{id}`: the properties to change, flat. */
export const ClientPatchSchema = objectBody({
  name: v.optional(ClientInputSchema.name),
  description: v.optional(ClientInputSchema.description),
  redirectUris: v.optional(ClientInputSchema.redirectUris),
  grantTypes: v.optional(ClientInputSchema.grantTypes),
  scopes: v.optional(ClientInputSchema.scopes),
  tokenEndpointAuthMethod: v.optional(ClientInputSchema.tokenEndpointAuthMethod),
});

/**
 * The ACEs a client carries, for the escalation checks. Its configured resource scopes, but a
 * client with no scopes at all that can get user tokens (authorization_code) carries `*`:
 * a code request without `scope` then gets the user's full permissions (CONTRACT.md 11), so
 * making, editing or minting a secret for such a client needs everything.
 */
export const clientAces = (p: Pick<ClientProperties, "scopes" | "grantTypes"> | null | undefined): string[] => {
  if (!p) return [];
  if (p.scopes.length === 0 && p.grantTypes.includes("authorization_code")) return ["*"];
  return p.scopes.filter((s) => parseAce(s) !== undefined);
};

/** Built-in clients are read-only. */
export const refuseSystemClient = (iam: IamInternals, id: string) => {
  if (Object.hasOwn(systemClients(iam.config.publicUrl), id)) throw new DomainError("FORBIDDEN", "System clients are built in and read-only");
};

const requireOutranksClient = async (iam: IamInternals, caller: Caller, state: ClientState) =>
  requireOutranks(caller, { roles: state.roles, aces: clientAces(state.properties) }, (await resolveRoles(iam.db, state.roles)).aces);

/**
 * The access attributes a PUT gives a client. A restricted caller cannot choose: a new client
 * inherits the caller's restriction and an existing one keeps its own (a body that asks for
 * anything else is 403). An unrestricted caller sets them (absent = none, a full replace).
 */
const clientAttributesFor = (caller: Caller, requested: Attributes | undefined, before: ClientState | null): Attributes => {
  if (!isRestricted(caller)) return canonicalAttributes(requested ?? {});
  const kept = before ? canonicalAttributes(before.accessAttributes) : inheritedAttributes(caller);
  if (requested !== undefined && JSON.stringify(canonicalAttributes(requested)) !== JSON.stringify(kept))
    throw new DomainError("FORBIDDEN", "Only a caller without access attributes may change a client's access attributes");
  return kept;
};

/**
 * Loads an existing client for a write: 403 for system clients, for clients outside the
 * caller's access attributes, and for clients holding permissions the caller does not (a new
 * secret would mint their tokens), 404 when absent.
 */
export const loadClient = async (iam: IamInternals, caller: Caller, id: string) => {
  refuseSystemClient(iam, id);
  const loaded = await iam.runtime.load("client", id);
  if (!loaded.exists) throw new DomainError("NOT_FOUND", "Client not found");
  const state = loaded.state as ClientState;
  requireVisible(caller, state.accessAttributes);
  await requireOutranksClient(iam, caller, state);
  return { state, version: loaded.version };
};

export const executeClient = async (c: Context, iam: IamInternals, id: string, commands: ClientCommand[], version: number, status: 200 | 201 = 200) => {
  await iam.runtime.execute("client", id, commands, actorOf(c), { existence: "any", expectedVersion: version });
  return withEtag(c, await mustFind(getClient(iam.db, id), "Client"), status);
};

/** `/resources/iam/clients`: list, read, create/replace, patch, delete, roles, suspend, reactivate. */
export const clientRoutes = (deps: PlatformDeps) => {
  const app = new Hono();

  app.get("/resources/iam/clients", async (c) => {
    const caller = callerFor(c, C, "read");
    const q = c.req.query();
    if (q.type !== undefined && q.type !== "service_account" && q.type !== "interactive")
      throw new DomainError("VALIDATION_FAILED", "Invalid type", [{ path: "type", message: "must be service_account or interactive" }]);
    const order = parseOrderBy(q.orderBy, CLIENT_SORTS, "name");
    const query = { search: parseSearch(q.search), type: q.type as "service_account" | "interactive" | undefined, includeSuspended: parseBoolean(q.includeSuspended, "includeSuspended"), ...order, attributes: caller.attributes };
    return c.json(await listClients(internalsOf(deps).db, query, parsePage(q)));
  });

  app.get("/resources/iam/clients/:id", async (c) => {
    const caller = callerFor(c, C, "read");
    const view = await mustFind(getClient(internalsOf(deps).db, clientIdOf(c.req.param("id"))), "Client");
    requireVisible(caller, view.accessAttributes);
    return withEtag(c, view);
  });

  app.put("/resources/iam/clients/:id", async (c) => {
    const iam = internalsOf(deps);
    const caller = callerFor(c, C, "write");
    const id = clientIdOf(c.req.param("id"), true);
    refuseSystemClient(iam, id);
    const body = await jsonBody(c, ClientPutSchema);
    const properties = normalizeClientProperties(body.properties);
    const roles = unique(body.roles ?? []);
    const loaded = await iam.runtime.load("client", id);
    const before = loaded.state as ClientState;
    const ifMatch = ifMatchVersion(c, { required: loaded.exists });
    if (!loaded.exists && ifMatch !== undefined) throw new DomainError("CONFLICT", "If-Match does not match: the client does not exist");
    if (loaded.exists) {
      requireVisible(caller, before.accessAttributes);
      await requireOutranksClient(iam, caller, before);
    }
    const accessAttributes = clientAttributesFor(caller, body.accessAttributes, loaded.exists ? before : null);
    const roleAces = await knownRoles(iam, roles);
    requireGrantable(
      caller,
      { rolesBefore: loaded.exists ? before.roles : [], rolesAfter: roles, acesBefore: clientAces(before.properties), acesAfter: clientAces(properties) },
      roleAces,
    );
    const commands: ClientCommand[] = loaded.exists
      ? [{ type: "replace", properties, roles }, { type: "setAccessAttributes", accessAttributes }]
      : [{ type: "create", properties, roles, accessAttributes }];
    return executeClient(c, iam, id, commands, ifMatch ?? loaded.version, loaded.exists ? 200 : 201);
  });

  app.patch("/resources/iam/clients/:id", async (c) => {
    const iam = internalsOf(deps);
    const caller = callerFor(c, C, "write");
    const id = clientIdOf(c.req.param("id"));
    const body = await jsonBody(c, ClientPatchSchema);
    const { state } = await loadClient(iam, caller, id);
    const expected = ifMatchVersion(c, { required: true })!;
    const cur = state.properties!;
    const merged = { ...cur, ...Object.fromEntries(Object.entries(body).filter(([, val]) => val !== undefined)) } as ClientProperties;
    const paths = { redirectUris: "redirectUris", grantTypes: "grantTypes" };
    const properties = normalizeClientProperties(merged, paths);
    requireGrantable(caller, { rolesBefore: [], rolesAfter: [], acesBefore: clientAces(cur), acesAfter: clientAces(properties) }, new Map());
    return executeClient(c, iam, id, [{ type: "changeProperties", properties }], expected);
  });

  app.delete("/resources/iam/clients/:id", async (c) => {
    const iam = internalsOf(deps);
    const caller = callerFor(c, C, "delete");
    const id = clientIdOf(c.req.param("id"));
    const { version } = await loadClient(iam, caller, id);
    if (caller.clientId === id) throw new DomainError("FORBIDDEN", "Cannot delete your own client");
    const expected = ifMatchVersion(c, { required: false });
    await iam.runtime.execute("client", id, [{ type: "delete" }], actorOf(c), { expectedVersion: expected ?? version });
    await iam.secrets.deleteAll(id);
    await iam.sessions.revokeAllSessions({ kind: "client", id });
    return c.body(null, 204);
  });

  app.put("/resources/iam/clients/:id/roles", async (c) => {
    const iam = internalsOf(deps);
    const caller = callerFor(c, C, "write");
    const id = clientIdOf(c.req.param("id"));
    const body = await jsonBody(c, RolesBodySchema);
    const { state } = await loadClient(iam, caller, id);
    const expected = ifMatchVersion(c, { required: true })!;
    const roles = unique(body.roles);
    requireGrantable(caller, { rolesBefore: state.roles, rolesAfter: roles, acesBefore: [], acesAfter: [] }, await knownRoles(iam, roles));
    return executeClient(c, iam, id, [{ type: "setRoles", roles }], expected);
  });

  app.post("/resources/iam/clients/:id/suspend", async (c) => {
    const iam = internalsOf(deps);
    const caller = callerFor(c, C, "write");
    const id = clientIdOf(c.req.param("id"));
    await loadClient(iam, caller, id);
    if (caller.clientId === id) throw new DomainError("FORBIDDEN", "Cannot suspend your own client");
    const expected = ifMatchVersion(c, { required: true })!;
    const res = await executeClient(c, iam, id, [{ type: "suspend" }], expected);
    await iam.sessions.revokeAllSessions({ kind: "client", id });
    return res;
  });

  app.post("/resources/iam/clients/:id/reactivate", async (c) => {
    const iam = internalsOf(deps);
    const caller = callerFor(c, C, "write");
    const id = clientIdOf(c.req.param("id"));
    await loadClient(iam, caller, id);
    const expected = ifMatchVersion(c, { required: true })!;
    return executeClient(c, iam, id, [{ type: "reactivate" }], expected);
  });

  return app;
};
