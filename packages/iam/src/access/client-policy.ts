import { DomainError, isRestricted, parseAce } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { ClientProperties } from "../client/events.ts";
import type { ClientState } from "../client/state.ts";
import type { IamInternals } from "../internals.ts";
import { resolveRoles } from "../read-model/client-queries.ts";
import { systemClients } from "../system.ts";
import { canonicalAttributes, inheritedAttributes, requireOutranks } from "./guards.ts";
import { loadForWrite } from "./load-for-write.ts";
import type { Attributes } from "./guards.ts";

/**
 * The ACEs a client carries, for the escalation checks. Its configured resource scopes, but a
 * client with no scopes at all that can get user tokens (authorization_code) carries `*`:
 * a code request without `scope` then gets the user's full permissions, so
 * making, editing or minting a secret for such a client needs everything.
 */
export const clientAces = (p: Pick<ClientProperties, "scopes" | "grantTypes"> | null | undefined): string[] => {
  if (!p) return [];
  if (p.scopes.length === 0 && p.grantTypes.includes("authorization_code")) return ["*"];
  return p.scopes.filter((s) => parseAce(s) !== undefined);
};

/** Built-in clients are read-only. */
export const refuseSystemClient = (iam: IamInternals, id: string) => {
  if (Object.hasOwn(systemClients(iam.config.publicUrl), id))
    throw new DomainError("FORBIDDEN", "System clients are built in and read-only");
};

export const requireOutranksClient = async (iam: IamInternals, caller: Caller, state: ClientState) =>
  requireOutranks(
    caller,
    { roles: state.roles, aces: clientAces(state.properties) },
    (await resolveRoles(iam.db, state.roles)).aces,
  );

/**
 * The access attributes a PUT gives a client. A restricted caller cannot choose: a new client
 * inherits the caller's restriction and an existing one keeps its own (a body that asks for
 * anything else is 403). An unrestricted caller sets them (absent = none, a full replace).
 */
export const clientAttributesFor = (
  caller: Caller,
  requested: Attributes | undefined,
  before: ClientState | null,
): Attributes => {
  if (!isRestricted(caller)) return canonicalAttributes(requested ?? {});
  const kept = before ? canonicalAttributes(before.accessAttributes) : inheritedAttributes(caller);
  if (requested !== undefined && JSON.stringify(canonicalAttributes(requested)) !== JSON.stringify(kept))
    throw new DomainError(
      "FORBIDDEN",
      "Only a caller without access attributes may change a client's access attributes",
    );
  return kept;
};

/**
 * Loads an existing client for a write: 403 for system clients, for clients outside the
 * caller's access attributes, and for clients holding permissions the caller does not (a new
 * secret would mint their tokens), 404 when absent.
 */
export const loadClient = async (iam: IamInternals, caller: Caller, id: string) => {
  refuseSystemClient(iam, id);
  return loadForWrite<ClientState>(iam, caller, "client", id, (state) => requireOutranksClient(iam, caller, state));
};
