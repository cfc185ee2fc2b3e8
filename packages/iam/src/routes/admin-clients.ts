import { Hono } from "hono";
import { newId } from "@platform/kernel";
import { initiatorOf, jsonBody } from "@platform/http";
import { inheritedAttributes, requireGrantable } from "../access/guards.ts";
import { generateSecret } from "../client/secrets.ts";
import { normalizeClientProperties } from "../client/properties.ts";
import { getClient } from "../read-model/client-queries.ts";
import type { IamInternals } from "../internals.ts";
import { clientAces } from "../access/client-policy.ts";
import { AdminClientSchema } from "../contract/client-requests.ts";
import { CLIENTS, callerFor, mustFind } from "./common.ts";
import type { GatewayEnv } from "@platform/http";

/** `POST /iam/clients`: an administrator creates a client; the answer shows its secret once. */
export const adminClientRoutes = (iam: IamInternals) => {
  const app = new Hono<GatewayEnv>();

  app.post("/iam/clients", async (c) => {
    const caller = callerFor(c, CLIENTS, "write");
    const body = await jsonBody(c, AdminClientSchema);
    const properties = normalizeClientProperties(
      {
        name: body.name,
        description: body.description,
        redirectUris: body.redirect_uris,
        grantTypes: body.grant_types,
        scopes: body.scope?.split(/\s+/).filter(Boolean),
        tokenEndpointAuthMethod: body.token_endpoint_auth_method,
        backchannelLogoutUri: body.backchannel_logout_uri,
        backchannelLogoutSessionRequired: body.backchannel_logout_session_required,
      },
      {
        paths: {
          redirectUris: "redirect_uris",
          grantTypes: "grant_types",
          backchannelLogoutUri: "backchannel_logout_uri",
        },
        allowPrivate: iam.config.outboundAllowPrivate,
      },
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
        [
          { type: "create", properties, roles: [], accessAttributes: inheritedAttributes(caller) },
          ...(secret
            ? [{ type: "recordSecretCreated" as const, secretId, description: "initial", expiresAt: null }]
            : []),
        ],
        initiatorOf(c),
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
        backchannel_logout_uri: view.backchannelLogoutUri,
        backchannel_logout_session_required: view.backchannelLogoutSessionRequired,
      },
      201,
    );
  });

  return app;
};
