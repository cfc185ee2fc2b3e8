import { Hono } from "hono";
import { DomainError, newId } from "@platform/kernel";
import { initiatorOf, ifMatchVersion, jsonBody } from "@platform/http";
import { narrowedAttributes, requireVisible } from "../access/guards.ts";
import { generateSecret } from "../client/secrets.ts";
import { getClient } from "../read-model/client-queries.ts";
import type { IamInternals } from "../internals.ts";
import { loadClient } from "../access/client-policy.ts";
import { ClientSecretCreateSchema } from "../contract/client-requests.ts";
import { CLIENTS, callerFor, mustFind } from "./common.ts";
import { clientIdOf } from "./ids.ts";
import type { GatewayEnv } from "@platform/http";

/** A client's secrets: list (metadata only), create (secret shown once), delete (invalid at once). */
export const clientSecretRoutes = (iam: IamInternals) => {
  const app = new Hono<GatewayEnv>();

  app.get("/resources/iam/clients/:id/secrets", async (c) => {
    const caller = callerFor(c, CLIENTS, "read");
    const id = clientIdOf(c.req.param("id"));
    requireVisible(caller, (await mustFind(getClient(iam.db, id), "Client")).accessAttributes);
    return c.json(await iam.secrets.list(id));
  });

  app.post("/resources/iam/clients/:id/secrets", async (c) => {
    const caller = callerFor(c, CLIENTS, "write");
    const id = clientIdOf(c.req.param("id"));
    const body = await jsonBody(c, ClientSecretCreateSchema);
    const { state, version } = await loadClient(iam, caller, id);
    if (state.properties!.tokenEndpointAuthMethod === "none")
      throw new DomainError("INVALID_STATE", "A public client (tokenEndpointAuthMethod none) has no secrets");
    const expected = ifMatchVersion(c, { required: false });
    if (expected !== undefined && expected !== version)
      throw new DomainError("CONFLICT", "The resource was changed by someone else (stale If-Match)");
    const secret = generateSecret();
    const expiresAt = body.expiresAt ? new Date(body.expiresAt).toISOString() : null;
    const secretId = newId();
    // The event is the commit point: a row whose event failed is removed again.
    const record = await iam.secrets.insert(id, secret, body.description, expiresAt, secretId);
    // A secret carries no more than its maker: a restricted caller's secret narrows the client
    // to the caller's values, in the same batch (a no-op when the client is already within them).
    const accessAttributes = narrowedAttributes(caller, state.accessAttributes);
    try {
      const r = await iam.runtime.execute(
        "client",
        id,
        [
          { type: "setAccessAttributes", accessAttributes },
          { type: "recordSecretCreated", secretId, description: body.description, expiresAt },
        ],
        initiatorOf(c),
        { expectedVersion: expected ?? version },
      );
      c.header("ETag", `"v${r.version}"`);
    } catch (e) {
      await iam.secrets.delete(id, secretId);
      throw e;
    }
    c.header("Cache-Control", "no-store");
    return c.json({ ...record, secret }, 201);
  });

  app.delete("/resources/iam/clients/:id/secrets/:secretId", async (c) => {
    const caller = callerFor(c, CLIENTS, "write");
    const id = clientIdOf(c.req.param("id"));
    const { state } = await loadClient(iam, caller, id);
    const secretId = c.req.param("secretId");
    // Deleting the row first makes the secret invalid at once; the event records it.
    const existed = await iam.secrets.delete(id, secretId);
    if (!existed && !state.secretIds.includes(secretId)) throw new DomainError("NOT_FOUND", "Secret not found");
    if (state.secretIds.includes(secretId))
      await iam.runtime.execute("client", id, [{ type: "recordSecretDeleted", secretId }], initiatorOf(c));
    return c.body(null, 204);
  });

  return app;
};
