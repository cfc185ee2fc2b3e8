import type { SqlPool } from "@platform/db";
import type { Clock } from "@platform/kernel";

/** Marks consent to "full access" (a null scope: nothing requested and the client has no configured scopes). */
const FULL = "\u0000full";

type Row = { scope: string[] | string };

/**
 * Consents: what a principal allowed a client to have. A later request for the same
 * scopes (or fewer) skips the consent page; more scopes ask again, and allowing them
 * widens the stored consent.
 */
export const createConsentStore = (deps: { readonly pool: SqlPool; readonly clock: Clock }) => {
  const encode = (scope: readonly string[] | null) => (scope === null ? [FULL] : scope);
  const load = async (principalId: string, clientId: string): Promise<string[]> => {
    const { rows } = await deps.pool.query<Row>("SELECT scope FROM oauth_consents WHERE principal_id = $1 AND client_id = $2", [principalId, clientId]);
    const s = rows[0]?.scope;
    return s === undefined ? [] : typeof s === "string" ? (JSON.parse(s) as string[]) : s;
  };
  return {
    async covers(principalId: string, clientId: string, scope: readonly string[] | null): Promise<boolean> {
      const granted = await load(principalId, clientId);
      if (granted.length === 0) return false;
      return encode(scope).every((s) => granted.includes(s));
    },
    async grant(principalId: string, clientId: string, scope: readonly string[] | null): Promise<void> {
      const merged = [...new Set([...(await load(principalId, clientId)), ...encode(scope)])];
      await deps.pool.query(
        `INSERT INTO oauth_consents (principal_id, client_id, scope, granted_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (principal_id, client_id) DO UPDATE SET scope = EXCLUDED.scope, granted_at = EXCLUDED.granted_at`,
        [principalId, clientId, JSON.stringify(merged), deps.clock.now().toISOString()],
      );
    },
  };
};

export type ConsentStore = ReturnType<typeof createConsentStore>;
