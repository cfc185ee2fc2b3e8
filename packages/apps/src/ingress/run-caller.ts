import { acesGrant, combineAttributes } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { MakerAuthority } from "@platform/ports";
import type { Installer } from "../app/events.ts";

type Attributes = Readonly<Record<string, readonly string[]>>;

/**
 * A maker of a run (an app's installer, a definition's writer or a schedule's overrider): what
 * it was when it made the way (`made`: its attributes then) and what it may do now (`now`,
 * absent for the deployment: apps from APPS_DIR have no maker).
 */
export type ActingMaker = { readonly made: Installer; readonly now: MakerAuthority | undefined };

/**
 * Who a component's `ctx` acts as (docs/ACCESS.md): the `acl` (of the ingress or the
 * definition) intersected with every maker's *current* permissions, and every maker's access
 * attributes (then and now), narrowed by the request caller's (or a job's scheduler's) when there
 * is one. `id` names the first maker, for audits; the event metadata names the app and component.
 */
export const runCaller = (
  acl: readonly string[],
  makers: readonly ActingMaker[],
  requester: { readonly attributes: Attributes } | undefined,
): Caller => {
  const restrictions = [
    ...makers.flatMap((m) => [m.made.attributes, m.now?.attributes ?? {}]),
    requester?.attributes ?? {},
  ];
  const attributes = restrictions.reduce<Attributes>(combineAttributes, {});
  const first: Installer = makers[0]?.made ?? { attributes: {} };
  return {
    kind: first.clientId ? "client" : "principal",
    id: first.clientId ?? first.principalId ?? "",
    ...(first.principalId ? { principalId: first.principalId } : {}),
    ...(first.clientId ? { clientId: first.clientId } : {}),
    sessionId: "",
    roles: [],
    isOwner: false,
    scope: acl,
    tokenScope: acl,
    attributes,
    passwordChangeRequired: false,
    can: (resource, permission) =>
      acesGrant(acl, resource, permission) && makers.every((m) => !m.now || m.now.can(resource, permission)),
  };
};
