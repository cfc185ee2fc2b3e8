import { Hono } from "hono";
import * as v from "valibot";
import { newId } from "@platform/kernel";
import { actorOf, jsonBody } from "@platform/http";
import type { PlatformDeps } from "@platform/platform";
import { inheritedAttributes, requireGrantable } from "../access/guards.ts";
import { generateSecret } from "../client/secrets.ts";
import { ClientInputSchema, normalizeClientProperties } from "../client/properties.ts";
import { getClient } from "../read-model/client-queries.ts";
import { callerFor, internalsOf, mustFind } from "./common.ts";
import { C, clientAces } from "./clients.ts";

/** `POST /iam/clients`: RFC 7591-style names, as the spec shows them. */
export const AdminClientSchema = v.strictObject({
  name: ClientInputSchema.name,
  redirect_uris: v.optional(ClientInputSchema.redirectUris),
  grant_types: v.optional(ClientInputSchema.grantTypes),
  scope: v.optional(v.pipe(v.string(), v.maxLength(4000), v.description("Space-separated scopes"))),
  description: v.optional(ClientInputSchema.description),
  token_endpoint_auth_method: v.optional(ClientInputSchema.tokenEndpointAuthMethod),
});

/** `POST /iam/clients`: an administrator creates a client; the answer shows its secret once. */
export const adminClientRoutes = (deps: PlatformDeps) => {
  const app = new Hono();

  app.post("/iam/clients", async (c) => {
    const caller = callerFor(c, C, "write");
    const iam = internalsOf(deps);
    const body = await jsonBody(c, AdminClientSchema);
    const properties = normalizeClientProperties(
      {
        name: body.name,
        description: body.description,
        redirectUris: body.redirect_uris,
        grantTypes: body.grant_types,
        scopes: body.scope?.split(/\s+/).filter(Boolean),
        tokenEndpointAuthMethod: body.token_endpoint_auth_method,
      },
      { redirectUris: "redirect_uris", grantTypes: "grant_types" },
    );
    const aces = clientAces(properties);
    requireGrantable(caller, { rolesBefore: [], rolesAfter: [], acesBefore: [], acesAfter: aces }, new Map());
    const id = newId();
    const secret = properties.tokenEndpointAuthMethod === "none" ? null : generateSecret();
    const secretId = newId();
    if (secret) await iam.secrets.insert(id, secret, "initial", null, secretId);
    try {
      await iam.runtime.execute(
        "client",
        id,
        [{ type: "create", properties, roles: [], accessAttributes: inheritedAttributes(caller) }, ...(secret ? [{ type: "recordSecretCreated" as const, secretId, description: "initial", expiresAt: null }] : [])],
        actorOf(c),
        { existence: "new" },
      );
    } catch (e) {
      // The event is the commit point: no secret row may outlive a client that was never created.
      if (secret) await iam.secrets.delete(id, secretId);
      throw e;
    }
    const view = await mustFind(getClient(iam.db, id), "Client");
    c.header("ETag", `"${view.etag}"`);
    c.header("Cache-Control", "no-store");
    return c.json(
      {
        ...view,
        client_id: id,
        client_secret: secret,
        client_name: view.name,
        redirect_uris: view.redirectUris,
        grant_types: view.grantTypes,
        token_endpoint_auth_method: view.tokenEndpointAuthMethod,
        scope: view.scopes.join(" "),
      },
      201,
    );
  });

  return app;
};
