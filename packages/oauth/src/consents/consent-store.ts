import type { SqlPool } from "@platform/db";
import { jsonColumn } from "@platform/db";
import type { Clock } from "@platform/kernel";

type Row = { scope: string[] | string; full_access: boolean };

/** The client a consent is given to, as it is when the consent is given. */
export type ConsentClient = { readonly id: string; readonly redirectUris: readonly string[] };

/**
 * Consents: what a principal allowed a client to have. A later request for the same
 * scopes (or fewer) skips the consent page; more scopes ask again, and allowing them
 * widens the stored consent. "Full access" (a null scope: nothing requested and the client
 * has no configured scopes) is its own flag, covering only full-access requests. Each
 * consent keeps the client's redirect URIs at the time, so that a change of them clears it
 * (consents-projection.ts), as does the client's deletion.
 */
export const createConsentStore = (deps: { readonly pool: SqlPool; readonly clock: Clock }) => {
  const load = async (
    principalId: string,
    clientId: string,
  ): Promise<{ scope: string[]; full: boolean } | undefined> => {
    const { rows } = await deps.pool.query<Row>(
      "SELECT scope, full_access FROM oauth_consents WHERE principal_id = $1 AND client_id = $2",
      [principalId, clientId],
    );
    const row = rows[0];
    return row && { scope: jsonColumn<string[]>(row.scope), full: row.full_access === true };
  };
  return {
    async covers(principalId: string, clientId: string, scope: readonly string[] | null): Promise<boolean> {
      const granted = await load(principalId, clientId);
      if (!granted) return false;
      return scope === null ? granted.full : scope.every((s) => granted.scope.includes(s));
    },
    async grant(principalId: string, client: ConsentClient, scope: readonly string[] | null): Promise<void> {
      await deps.pool.query(
        `INSERT INTO oauth_consents (principal_id, client_id, scope, full_access, redirect_uris, granted_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (principal_id, client_id) DO UPDATE SET
           scope = (SELECT coalesce(jsonb_agg(DISTINCT x), '[]'::jsonb)
                    FROM jsonb_array_elements(oauth_consents.scope || EXCLUDED.scope) x),
           full_access = oauth_consents.full_access OR EXCLUDED.full_access,
           redirect_uris = EXCLUDED.redirect_uris, granted_at = EXCLUDED.granted_at`,
        [
          principalId,
          client.id,
          JSON.stringify(scope ?? []),
          scope === null,
          JSON.stringify(client.redirectUris),
          deps.clock.now().toISOString(),
        ],
      );
    },
  };
};

export type ConsentStore = ReturnType<typeof createConsentStore>;
