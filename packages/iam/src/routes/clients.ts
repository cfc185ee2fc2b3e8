import { Hono } from "hono";
import type { Context } from "hono";
import { DomainError } from "@platform/kernel";
import { initiatorOf, ifMatchVersion, jsonBody, parsePage } from "@platform/http";
import { requireGrantable, requireVisible } from "../access/guards.ts";
import type { ClientCommand } from "../client/commands.ts";
import type { ClientProperties } from "../client/events.ts";
import type { ClientState } from "../client/state.ts";
import { normalizeClientProperties } from "../client/properties.ts";
import type { IamInternals } from "../internals.ts";
import { CLIENT_SORTS, getClient, listClients } from "../read-model/client-queries.ts";
import { parseBoolean, parseOrderBy, parseSearch } from "../read-model/list-filters.ts";
import {
  clientAces,
  clientAttributesFor,
  loadClient,
  refuseSystemClient,
  requireOutranksClient,
} from "../access/client-policy.ts";
import { ClientPatchSchema, ClientPutSchema } from "../contract/client-requests.ts";
import { RolesBodySchema } from "../contract/requests.ts";
import { CLIENTS, callerFor, knownRoles, mustFind, unique, withEtag } from "./common.ts";
import { clientIdOf } from "./ids.ts";
import type { GatewayEnv } from "@platform/http";

const executeClient = async (
  c: Context,
  iam: IamInternals,
  id: string,
  commands: ClientCommand[],
  version: number,
  status: 200 | 201 = 200,
) => {
  await iam.runtime.execute("client", id, commands, initiatorOf(c), { existence: "any", expectedVersion: version });
  return withEtag(c, await mustFind(getClient(iam.db, id), "Client"), status);
};

/** `/resources/iam/clients`: list, read, create/replace, patch, delete, roles, suspend, reactivate. */
export const clientRoutes = (iam: IamInternals) => {
  const app = new Hono<GatewayEnv>();

  app.get("/resources/iam/clients", async (c) => {
    const caller = callerFor(c, CLIENTS, "read");
    const q = c.req.query();
    if (q.type !== undefined && q.type !== "service_account" && q.type !== "interactive")
      throw new DomainError("VALIDATION_FAILED", "Invalid type", [
        { path: "type", message: "must be service_account or interactive" },
      ]);
    const order = parseOrderBy(q.orderBy, CLIENT_SORTS, "name");
    const query = {
      search: parseSearch(q.search),
      type: q.type as "service_account" | "interactive" | undefined,
      includeSuspended: parseBoolean(q.includeSuspended, "includeSuspended"),
      ...order,
      attributes: caller.attributes,
    };
    return c.json(await listClients(iam.db, query, parsePage(q)));
  });

  app.get("/resources/iam/clients/:id", async (c) => {
    const caller = callerFor(c, CLIENTS, "read");
    const view = await mustFind(getClient(iam.db, clientIdOf(c.req.param("id"))), "Client");
    requireVisible(caller, view.accessAttributes);
    return withEtag(c, view);
  });

  app.put("/resources/iam/clients/:id", async (c) => {
    const caller = callerFor(c, CLIENTS, "write");
    const id = clientIdOf(c.req.param("id"), true);
    refuseSystemClient(iam, id);
    const body = await jsonBody(c, ClientPutSchema);
    const properties = normalizeClientProperties(body.properties, { allowPrivate: iam.config.outboundAllowPrivate });
    const roles = unique(body.roles ?? []);
    const loaded = await iam.runtime.load("client", id);
    const before = loaded.state as ClientState;
    const ifMatch = ifMatchVersion(c, { required: loaded.exists });
    if (!loaded.exists && ifMatch !== undefined)
      throw new DomainError("CONFLICT", "If-Match does not match: the client does not exist");
    if (loaded.exists) {
      requireVisible(caller, before.accessAttributes);
      await requireOutranksClient(iam, caller, before);
    }
    const accessAttributes = clientAttributesFor(caller, body.accessAttributes, loaded.exists ? before : null);
    const roleAces = await knownRoles(iam, roles);
    requireGrantable(
      caller,
      {
        rolesBefore: loaded.exists ? before.roles : [],
        rolesAfter: roles,
        acesBefore: clientAces(before.properties),
        acesAfter: clientAces(properties),
      },
      roleAces,
    );
    const commands: ClientCommand[] = loaded.exists
      ? [
          { type: "replace", properties, roles },
          { type: "setAccessAttributes", accessAttributes },
        ]
      : [{ type: "create", properties, roles, accessAttributes }];
    return executeClient(c, iam, id, commands, ifMatch ?? loaded.version, loaded.exists ? 200 : 201);
  });

  app.patch("/resources/iam/clients/:id", async (c) => {
    const caller = callerFor(c, CLIENTS, "write");
    const id = clientIdOf(c.req.param("id"));
    const body = await jsonBody(c, ClientPatchSchema);
    const { state } = await loadClient(iam, caller, id);
    const expected = ifMatchVersion(c, { required: true })!;
    const cur = state.properties!;
    const merged = {
      ...cur,
      ...Object.fromEntries(Object.entries(body).filter(([, val]) => val !== undefined)),
    } as ClientProperties;
    const paths = {
      redirectUris: "redirectUris",
      grantTypes: "grantTypes",
      backchannelLogoutUri: "backchannelLogoutUri",
    };
    const properties = normalizeClientProperties(merged, { paths, allowPrivate: iam.config.outboundAllowPrivate });
    requireGrantable(
      caller,
      { rolesBefore: [], rolesAfter: [], acesBefore: clientAces(cur), acesAfter: clientAces(properties) },
      new Map(),
    );
    return executeClient(c, iam, id, [{ type: "changeProperties", properties }], expected);
  });

  app.delete("/resources/iam/clients/:id", async (c) => {
    const caller = callerFor(c, CLIENTS, "delete");
    const id = clientIdOf(c.req.param("id"));
    const { version } = await loadClient(iam, caller, id);
    if (caller.clientId === id) throw new DomainError("FORBIDDEN", "Cannot delete your own client");
    const expected = ifMatchVersion(c, { required: false });
    await iam.runtime.execute("client", id, [{ type: "delete" }], initiatorOf(c), {
      expectedVersion: expected ?? version,
    });
    await iam.secrets.deleteAll(id);
    await iam.sessions.revokeAllSessions({ kind: "client", id });
    return c.body(null, 204);
  });

  app.put("/resources/iam/clients/:id/roles", async (c) => {
    const caller = callerFor(c, CLIENTS, "write");
    const id = clientIdOf(c.req.param("id"));
    const body = await jsonBody(c, RolesBodySchema);
    const { state } = await loadClient(iam, caller, id);
    const expected = ifMatchVersion(c, { required: true })!;
    const roles = unique(body.roles);
    requireGrantable(
      caller,
      { rolesBefore: state.roles, rolesAfter: roles, acesBefore: [], acesAfter: [] },
      await knownRoles(iam, roles),
    );
    return executeClient(c, iam, id, [{ type: "setRoles", roles }], expected);
  });

  app.post("/resources/iam/clients/:id/suspend", async (c) => {
    const caller = callerFor(c, CLIENTS, "write");
    const id = clientIdOf(c.req.param("id"));
    await loadClient(iam, caller, id);
    if (caller.clientId === id) throw new DomainError("FORBIDDEN", "Cannot suspend your own client");
    const expected = ifMatchVersion(c, { required: true })!;
    const res = await executeClient(c, iam, id, [{ type: "suspend" }], expected);
    await iam.sessions.revokeAllSessions({ kind: "client", id });
    return res;
  });

  app.post("/resources/iam/clients/:id/reactivate", async (c) => {
    const caller = callerFor(c, CLIENTS, "write");
    const id = clientIdOf(c.req.param("id"));
    await loadClient(iam, caller, id);
    const expected = ifMatchVersion(c, { required: true })!;
    return executeClient(c, iam, id, [{ type: "reactivate" }], expected);
  });

  return app;
};
