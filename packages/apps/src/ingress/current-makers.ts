import { DomainError } from "@platform/kernel";
import type { PlatformDeps } from "@platform/host";
import type { ActingMaker } from "./run-caller.ts";
import { ports } from "@platform/ports";
import type { Grantor, Maker } from "@platform/ports";

const hasIdentity = (m: Maker) => m.principalId !== undefined || m.clientId !== undefined;

/**
 * Each grantor as it stands now (docs/ACCESS.md): its current permissions and attributes,
 * read through IAM's batched lookup (the runs of one turn share a statement). A maker that was
 * deleted or is suspended ends what it handed on: FORBIDDEN "<as> is no longer active". One
 * without an identity is the deployment (APPS_DIR). Without an identity service nothing a maker
 * handed on can be checked, so nothing runs on it.
 */
export const currentMakers = async (deps: PlatformDeps, grantors: readonly Grantor[]): Promise<ActingMaker[]> =>
  Promise.all(
    grantors.map(async ({ maker, as }) => {
      if (!hasIdentity(maker)) return { made: maker, now: undefined };
      const now = (await deps.ports.find(ports.makers)?.current(maker)) ?? null;
      // Not naming the maker: a public ingress's caller has no business knowing who installed it.
      if (!now) throw new DomainError("FORBIDDEN", `${as} is no longer active`);
      return { made: maker, now };
    }),
  );
