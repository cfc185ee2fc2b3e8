import { createBatchLoader } from "@platform/db";
import type { Database } from "@platform/db";
import type { MakerAuthority, Makers } from "@platform/ports";
import { effectiveAllows } from "./effective.ts";
import { identityFromRow, identitySql } from "./identity.ts";
import type { IdentityRow, LoadedIdentity, SubjectKind } from "./identity.ts";

/**
 * The current authority of the identities that made ways to act (apps' installers, job
 * definitions' writers), read when the way is used: no cache, so a deletion, a suspension or a
 * narrowed role counts from the next run in every process. The lookups of one turn (a burst of
 * ingress requests, a batch of jobs) go as one statement per kind, as the bearer check's do.
 */
export const createMakers = (db: Database): Makers => {
  const loaderFor = (kind: SubjectKind) =>
    createBatchLoader(async (ids: readonly string[]) => {
      const { rows } = await db.pool.query<IdentityRow>(identitySql(kind, "ANY($1::text[])"), [ids]);
      return new Map(rows.map((r) => [r.id, identityFromRow(kind, r)] as const));
    });
  const loaders = { principal: loaderFor("principal"), client: loaderFor("client") };
  // The token's scope narrows the identity's rights exactly as it did the maker's requests: a
  // token scoped to `subscriptions:write` hands on nothing else, whatever its identity holds.
  const authorityOf = (identity: LoadedIdentity | undefined, scope: readonly string[] | null): MakerAuthority | null =>
    !identity || identity.suspended
      ? null
      : {
          can: (resource, permission) => effectiveAllows(scope, identity.grants, resource, permission),
          attributes: identity.accessAttributes,
        };
  return {
    async current(maker) {
      const scope = maker.scope ?? null;
      // A caller is one identity (the authenticator names a principal or a client, never both).
      if (maker.principalId) return authorityOf(await loaders.principal(maker.principalId), scope);
      if (maker.clientId) return authorityOf(await loaders.client(maker.clientId), scope);
      return null;
    },
  };
};
