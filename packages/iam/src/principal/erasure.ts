import { streamIdOf } from "@platform/actor-runtime";
import type { Reactor } from "@platform/actor-runtime";
import type { Initiator } from "@platform/kernel";
import type { PersonalData } from "@platform/host";
import type { IamInternals } from "../internals.ts";
import { accountKey } from "../passwords/password-throttle.ts";

/** Every email (lower-cased) and phone the principal's journal ever held, while it can still be read. */
const contactsOf = async (iam: IamInternals, streamId: string): Promise<string[]> => {
  const contacts = new Set<string>();
  for (const e of await iam.runtime.store.readStream(streamId)) {
    const p = (e.data as { properties?: { email?: string | null; phone?: string | null } }).properties;
    if (p?.email) contacts.add(p.email.toLowerCase());
    if (p?.phone) contacts.add(p.phone);
  }
  return [...contacts];
};

/**
 * Deletes the principal (if it is not yet) and erases its personal data. First the records
 * other contexts keep by its addresses (its sendings) are erased, while the addresses can
 * still be read; then the erasure is recorded (who, when; the natural keys are released with
 * it, so the email may be used again at once); then its key is destroyed, its sessions
 * revoked and its password dropped. A crash (or a concurrent write refusing the record) before
 * the record leaves the principal as it was, its sendings perhaps erased already: erase it
 * again. One after it is finished by `erasureReactor`.
 */
export const erasePrincipal = async (
  iam: IamInternals,
  id: string,
  initiator: Initiator,
  expectedVersion?: number,
): Promise<void> => {
  const options = { existence: "any" as const, ...(expectedVersion !== undefined ? { expectedVersion } : {}) };
  // Refused (unknown, stale If-Match) before anything is erased.
  await iam.runtime.execute("principal", id, [{ type: "erase" }], initiator, { ...options, preview: true });
  const contacts = await contactsOf(iam, streamIdOf("principal", id));
  await iam.personalData.eraseContacts(contacts);
  await iam.runtime.execute("principal", id, [{ type: "erase" }], initiator, options);
  await iam.personalData.erase([streamIdOf("principal", id)]);
  await iam.sessions.revokeAllSessions({ kind: "principal", id });
  await iam.credentials.delete(id);
  // The sign-in throttle counts failures by address tried.
  await iam.db.pool.query("DELETE FROM iam_password_attempts WHERE key = ANY($1)", [contacts.map(accountKey)]);
};

/** Destroys the key of every principal whose erasure is recorded (again, harmlessly, when the route already did). */
export const erasureReactor = (personalData: PersonalData): Reactor => ({
  name: "iam-principal-erasure",
  eventTypes: ["PrincipalErased"],
  settleMs: 1000,
  handle: (event) => personalData.erase([event.streamId]),
});
