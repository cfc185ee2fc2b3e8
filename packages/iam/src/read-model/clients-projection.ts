import { sql } from "kysely";
import type { Projection } from "@platform/actor-runtime";
import type { ClientEvent, ClientProperties } from "../client/events.ts";
import { clientEventTypes, clientKind } from "../client/events.ts";

const json = (v: unknown) => JSON.stringify(v);

export const clientColumns = (p: ClientProperties) => ({
  name: p.name,
  description: p.description,
  redirect_uris: json(p.redirectUris),
  grant_types: json(p.grantTypes),
  scopes: json(p.scopes),
  token_endpoint_auth_method: p.tokenEndpointAuthMethod,
  kind: clientKind(p),
  backchannel_logout_uri: p.backchannelLogoutUri ?? null,
  backchannel_logout_session_required: p.backchannelLogoutSessionRequired === true,
});

/** Builds iam_clients from client events. Built-in system clients are written at setup and survive a reset. */
export const clientsProjection: Projection = {
  name: "iam-clients",
  eventTypes: clientEventTypes,
  apply: async (trx, events) => {
    for (const raw of events) {
      const e = raw as unknown as ClientEvent;
      const id = raw.streamId.slice("client-".length);
      const version = raw.version;
      const update = (set: Record<string, unknown>) =>
        trx
          .updateTable("iam_clients")
          .set({ ...set, version })
          .where("id", "=", id)
          .where("is_system", "=", false)
          .execute();
      switch (e.type) {
        case "ClientCreated": {
          const row = {
            id,
            version,
            ...clientColumns(e.data.properties),
            roles: json(e.data.roles),
            access_attributes: json(e.data.accessAttributes ?? {}),
            created_at: e.data.at,
            suspended_at: null,
            is_system: false,
          };
          await trx
            .insertInto("iam_clients")
            .values(row)
            .onConflict((oc) => oc.column("id").doUpdateSet(row))
            .execute();
          break;
        }
        case "ClientReplaced":
          await update({ ...clientColumns(e.data.properties), roles: json(e.data.roles) });
          break;
        case "ClientPropertiesChanged":
          await update(clientColumns(e.data.properties));
          break;
        case "ClientRolesChanged":
          await update({ roles: json(e.data.roles) });
          break;
        case "ClientAccessAttributesChanged":
          await update({ access_attributes: json(e.data.accessAttributes) });
          break;
        case "ClientSuspended":
          await update({ suspended_at: e.data.at });
          break;
        case "ClientReactivated":
          await update({ suspended_at: null });
          break;
        case "ClientSecretCreated":
        case "ClientSecretDeleted":
          await update({});
          break;
        case "ClientDeleted":
          await trx.deleteFrom("iam_clients").where("id", "=", id).where("is_system", "=", false).execute();
          break;
      }
    }
  },
  reset: async (trx) => {
    await sql`DELETE FROM iam_clients WHERE NOT is_system`.execute(trx);
  },
};
