import { sql } from "kysely";
import type { Projection } from "@platform/actor-runtime";

/** The IAM client events (published in schemas/events/iam.json) that end consents. */
type ClientChange = { readonly properties?: { readonly redirectUris?: readonly string[] } };

/**
 * Clears consents when their client changes under them (RFC 9700 §4.1: a consent is for a
 * client *and* where its codes go): every consent of a deleted client, and every consent
 * given to other redirect URIs than the client's new ones. Otherwise an administrator
 * who may edit a client could point it at a new redirect URI and collect codes from users
 * who consented before, without any of them seeing a consent page.
 *
 * It runs with the append (a write returns only when its projections have caught up), and
 * only touches consents given before the event, so a replay never removes a newer consent.
 */
export const consentsProjection: Projection = {
  name: "oauth-consents",
  eventTypes: ["ClientReplaced", "ClientPropertiesChanged", "ClientDeleted"],
  apply: async (trx, events) => {
    for (const e of events) {
      const clientId = e.streamId.slice("client-".length);
      const at = e.metadata.at;
      if (e.type === "ClientDeleted") {
        await sql`DELETE FROM oauth_consents
          WHERE client_id = ${clientId} AND granted_at <= ${at}::timestamptz`.execute(trx);
        continue;
      }
      const uris = (e.data as ClientChange).properties?.redirectUris ?? [];
      await sql`DELETE FROM oauth_consents
        WHERE client_id = ${clientId} AND granted_at <= ${at}::timestamptz
          AND redirect_uris IS DISTINCT FROM ${JSON.stringify(uris)}::jsonb`.execute(trx);
    }
  },
  // Consents are not rebuilt from events: a rebuild keeps them (and replays only clear older ones).
  reset: async () => {},
};
