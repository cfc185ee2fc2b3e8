import { DomainError } from "@platform/kernel";
import type { Clock } from "@platform/kernel";
import { isStorableText } from "@platform/http";
import type { Database } from "@platform/db";
import type { ActivityRecorder } from "./access/activity.ts";
import { identityAllows } from "./access/effective.ts";
import { loadIdentity } from "./access/identity.ts";
import type { Subject } from "./access/identity.ts";
import { clientKey } from "./client/client-throttle.ts";
import type { ClientThrottle } from "./client/client-throttle.ts";
import type { SecretStore } from "./client/secrets.ts";
import type { CredentialStore } from "./passwords/credentials.ts";
import type { PasswordHasher } from "./passwords/hashing.ts";
import { MAX_PASSWORD_LENGTH } from "./passwords/policy.ts";
import { MAX_EMAIL_LENGTH, accountKey, addressKey } from "./passwords/password-throttle.ts";
import type { PasswordThrottle } from "./passwords/password-throttle.ts";
import { getPrincipal, getPrincipalClaims } from "./read-model/principal-queries.ts";
import type { PrincipalClaims } from "./read-model/principal-queries.ts";
import type { SessionEnds } from "./sessions/session-ends.ts";
import { getClient } from "./read-model/client-queries.ts";
import type { ClientView, PrincipalView } from "./read-model/views.ts";
import type { SessionsService } from "./sessions/sessions-service.ts";

/** A successful password login. */
export type VerifiedPrincipal = {
  readonly principalId: string;
  readonly email: string;
  readonly name: string;
  /** Logged in with a temporary password: open the session with `passwordChangeRequired: true`. */
  readonly passwordChangeRequired: boolean;
};

type Deps = {
  readonly db: Database;
  readonly sessions: SessionsService;
  readonly sessionEnds: SessionEnds;
  readonly secrets: SecretStore;
  readonly credentials: CredentialStore;
  readonly hasher: PasswordHasher;
  readonly throttle: PasswordThrottle;
  readonly clientThrottle: ClientThrottle;
  readonly recordActivity: ActivityRecorder;
  readonly clock: Clock;
  /** The principal holding an email, by the keyed hash the store keeps it under (never the plain address). */
  readonly principalByEmail: (email: string) => Promise<string | null>;
  /** Resolves when the start-up bootstrap (owner, service account) is written. */
  readonly ready: () => Promise<void>;
};

const invalidLogin = () => new DomainError("UNAUTHENTICATED", "Invalid email or password");

/** The IAM service other contexts (OAuth) use: sessions and tokens, client and password authentication. */
export const createIamService = (d: Deps) => {
  /** Whether `password` is the principal's (unexpired) password; unknown emails cost the same hash work. */
  const checkPassword = async (email: string, password: string) => {
    const id = await d.principalByEmail(email.trim());
    const cred = id ? await d.credentials.get(id) : null;
    if (!id || !cred) {
      await d.hasher.verifyDummy(password);
      return { kind: "wrong" as const };
    }
    if (!(await d.hasher.verify(cred.hash, password))) return { kind: "wrong" as const };
    if (cred.expiresAt && cred.expiresAt <= d.clock.now()) return { kind: "wrong" as const };
    if (cred.temporary && cred.consumed) return { kind: "wrong" as const };
    const principal = await getPrincipal(d.db, id);
    if (!principal) return { kind: "wrong" as const };
    if (principal.suspendedAt) return { kind: "suspended" as const };
    return { kind: "right" as const, id, principal, cred };
  };

  return {
    ...d.sessions,

    /**
     * Checks a password login, throttled per account and (given the caller's `address`) per
     * address: the attempt is reserved before the password is checked, so parallel guesses
     * gain nothing. Unknown emails cost the same argon2 work as wrong passwords.
     * Errors: UNAUTHENTICATED "Invalid email or password"; RATE_LIMITED (details
     * `{retryAfterS}`); FORBIDDEN "Account has been suspended" (details `{status:
     * "suspended"}`), reported only after a correct password. A temporary password works once.
     */
    async verifyPrincipalPassword(email: string, password: string, address?: string): Promise<VerifiedPrincipal> {
      await d.ready();
      // Over-long or unstorable input (NUL, lone surrogates) is never an account: refused before it becomes a throttle
      // key or costs a hash.
      if (
        typeof email !== "string" ||
        typeof password !== "string" ||
        email.length > MAX_EMAIL_LENGTH ||
        password.length > MAX_PASSWORD_LENGTH ||
        !isStorableText(email)
      )
        throw invalidLogin();
      const keys = [...(address ? [addressKey(address)] : []), accountKey(email)];
      const outcome = await d.throttle.attempt(keys, async () => {
        const r = await checkPassword(email, password);
        return { right: r.kind !== "wrong", value: r };
      });
      if (outcome.kind === "wrong") throw invalidLogin();
      if (outcome.kind === "suspended")
        throw new DomainError("FORBIDDEN", "Account has been suspended", { status: "suspended" });
      const { id, principal, cred } = outcome;
      if (cred.temporary && (cred.consumed || !(await d.credentials.consumeTemporary(id, cred.hash))))
        throw invalidLogin();
      await d.recordActivity(id, true);
      return { principalId: id, email: principal.email, name: principal.name, passwordChangeRequired: cred.temporary };
    },

    /**
     * Authenticates a confidential client by one of its secrets (and stamps the secret's
     * lastUsedAt). Given `throttled` (the OAuth token, introspection and revocation endpoints),
     * failures are counted per client id, known or not, and per address, and every attempt is
     * refused unchecked while either waits, even with the right secret; a busy client's
     * parallel requests hold nothing, so they never slow each other. Errors (UNAUTHENTICATED):
     * unknown or suspended client → "invalid client"; wrong, expired or deleted secret →
     * "invalid client secret"; RATE_LIMITED (details `{retryAfterS}`).
     */
    async authenticateClient(
      clientId: string,
      secret: string | null | undefined,
      throttled?: { readonly address: string },
    ): Promise<ClientView> {
      await d.ready();
      // An over-long id is never a client: refused before it becomes a throttle key or costs a query.
      if (typeof clientId !== "string" || clientId.length > 128)
        throw new DomainError("UNAUTHENTICATED", "invalid client");
      // One query for the client and its secrets; an unknown client still gets a hash computed (same work).
      const check = async () => {
        const match = await d.secrets.clientMatching(clientId, secret ?? "");
        return { right: !!match.client && !!secret && !!match.secretId, value: match };
      };
      // The address first, as for passwords: a failure it refuses never touches the client id's count.
      const { client, secretId } = throttled
        ? await d.clientThrottle.checkThenCount([addressKey(throttled.address), clientKey(clientId)], check)
        : (await check()).value;
      if (!client || client.suspendedAt) throw new DomainError("UNAUTHENTICATED", "invalid client");
      if (!secret || !secretId) throw new DomainError("UNAUTHENTICATED", "invalid client secret");
      await d.recordActivity(clientId);
      return client;
    },

    /**
     * Whether an identity (not suspended) holds `permission` on `resource` on its own side: its
     * roles and ACL (a client's configured resource scopes). For checks on a caller that is not
     * a bearer, such as a client authenticated by its secret at /oauth/introspect.
     */
    async identityHolds(subject: Subject, resource: string, permission: string): Promise<boolean> {
      const identity = await loadIdentity(d.db, subject);
      return !!identity && !identity.suspended && identityAllows(identity.grants, resource, permission);
    },

    /** A client (including built-in system clients), or null. */
    getClient: async (id: string): Promise<ClientView | null> => getClient(d.db, id),
    /** A principal as GET shows it, or null (for id-token claims). */
    getPrincipal: async (id: string): Promise<PrincipalView | null> => getPrincipal(d.db, id),
    /** A principal's OpenID Connect claims (name, email, phone, picture, last change); null when gone or suspended. */
    principalClaims: async (id: string): Promise<PrincipalClaims | null> => getPrincipalClaims(d.db, id),
    /** Ended sessions whose clients want a back-channel logout token. */
    sessionEnds: d.sessionEnds,
  };
};

export type IamService = ReturnType<typeof createIamService>;
