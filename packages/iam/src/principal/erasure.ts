import { streamIdOf } from "@platform/actor-runtime";
import type { Reactor } from "@platform/actor-runtime";
import type { Initiator } from "@platform/kernel";
import type { PersonalData } from "@platform/platform";
import type { IamInternals } from "../internals.ts";

/**
 * Deletes the principal (if it is not yet) and erases its personal data: the erasure is
 * recorded first (who, when; the natural keys are released with it, so the email may be
 * used again at once), then its key is destroyed, its sessions revoked and its password
 * dropped. A crash between the two is finished by `erasureReactor`.
 */
export const erasePrincipal = async (iam: IamInternals, id: string, initiator: Initiator, expectedVersion?: number): Promise<void> => {
  await iam.runtime.execute("principal", id, [{ type: "erase" }], initiator, { existence: "any", ...(expectedVersion !== undefined ? { expectedVersion } : {}) });
  await iam.personalData.erase([streamIdOf("principal", id)]);
  await iam.sessions.revokeAllSessions({ kind: "principal", id });
  await iam.credentials.delete(id);
};

/** Destroys the key of every principal whose erasure is recorded (again, harmlessly, when the route already did). */
export const erasureReactor = (personalData: PersonalData): Reactor => ({
  name: "iam-principal-erasure",
  eventTypes: ["PrincipalErased"],
  settleMs: 1000,
  handle: (event) => personalData.erase([event.streamId]),
});
