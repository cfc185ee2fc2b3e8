import { newId } from "@platform/kernel";
import type { PlatformDeps } from "@platform/host";
import { generateSecret } from "../client/secrets.ts";
import { iamInternalsKey } from "../internals.ts";
import type { IamInternals } from "../internals.ts";
import { createIamContext } from "../context.ts";
import type { IamContextOptions } from "../context.ts";
import type { SessionType } from "../sessions/session-store.ts";

type PlatformLike = PlatformDeps | { readonly platform: PlatformDeps };
const iamOf = (p: PlatformLike): IamInternals => ("platform" in p ? p.platform : p).ports.get(iamInternalsKey);
const TEST_INITIATOR = { requestId: "test" };

/** IAM's whole sessions service (more than the iam sessions port shows other contexts), for tests. */
export const iamServiceOf = (platform: PlatformLike) => iamOf(platform).service;

/** The IAM context with a cheap argon2 cost, for fast test suites (production uses OWASP's). */
export const iamTestContext = (options: Omit<IamContextOptions, "hashing"> = {}) =>
  createIamContext({ ...options, hashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 } });

export type TestPrincipalOptions = {
  readonly roles?: readonly string[];
  /** ACE strings of the principal's own ACL. */
  readonly acl?: readonly string[];
  /** The token's scope (ACE strings); omitted = the principal's full permissions. */
  readonly scope?: readonly string[];
  readonly accessAttributes?: Readonly<Record<string, readonly string[]>>;
  readonly email?: string;
  readonly name?: string;
  /** Also give it a password login. */
  readonly password?: string;
  readonly sessionType?: SessionType;
  /** The client the token is issued through (as the code flow would); omitted = none. */
  readonly clientId?: string;
};

/**
 * Creates a principal and issues a real access token for it through the sessions service,
 * so other contexts' tests authenticate exactly as production does.
 */
export const createPrincipalWithToken = async (platform: PlatformLike, o: TestPrincipalOptions = {}) => {
  const iam = iamOf(platform);
  const principalId = newId();
  const email = o.email ?? `p-${principalId}@example.test`;
  const definition = {
    properties: { name: o.name ?? "Test Principal", email, phone: null, picture: null, settings: {} },
    roles: [...(o.roles ?? [])],
    acl: [...(o.acl ?? [])],
    accessAttributes: o.accessAttributes ?? {},
  };
  const commands = [{ type: "create" as const, definition }];
  if (o.password) {
    await iam.credentials.set(principalId, await iam.hasher.hash(o.password), false, null);
    await iam.runtime.execute(
      "principal",
      principalId,
      [...commands, { type: "setPassword", temporary: false, expiresAt: null }],
      TEST_INITIATOR,
      { existence: "new" },
    );
  } else {
    await iam.runtime.execute("principal", principalId, commands, TEST_INITIATOR, { existence: "new" });
  }
  const issued = await iam.sessions.issueSession({
    subject: { kind: "principal", id: principalId },
    clientId: o.clientId ?? null,
    type: o.sessionType ?? "api",
    scope: o.scope ?? null,
    withRefresh: false,
    description: "test token",
  });
  return { principalId, email, token: issued.accessToken, sessionId: issued.session.id };
};

export type TestClientOptions = {
  readonly id?: string;
  readonly name?: string;
  readonly roles?: readonly string[];
  /** The client's configured scopes (its own ACL for resource ACEs). */
  readonly scopes?: readonly string[];
  /** The token's scope; omitted = the client's full permissions. */
  readonly scope?: readonly string[];
  readonly accessAttributes?: Readonly<Record<string, readonly string[]>>;
};

/** Creates a service-account client with a secret and issues a real access token for it. */
export const createClientWithToken = async (platform: PlatformLike, o: TestClientOptions = {}) => {
  const iam = iamOf(platform);
  const clientId = o.id ?? `test-${newId()}`;
  const secret = generateSecret();
  const secretId = newId();
  await iam.secrets.insert(clientId, secret, "test", null, secretId);
  await iam.runtime.execute(
    "client",
    clientId,
    [
      {
        type: "create",
        properties: {
          name: o.name ?? "Test Client",
          description: "",
          redirectUris: [],
          grantTypes: ["client_credentials"],
          scopes: [...(o.scopes ?? [])],
          tokenEndpointAuthMethod: "client_secret_basic",
        },
        roles: [...(o.roles ?? [])],
        accessAttributes: o.accessAttributes ?? {},
      },
      { type: "recordSecretCreated", secretId, description: "test", expiresAt: null },
    ],
    TEST_INITIATOR,
    { existence: "new" },
  );
  const issued = await iam.sessions.issueSession({
    subject: { kind: "client", id: clientId },
    clientId,
    type: "api",
    scope: o.scope ?? null,
    withRefresh: false,
    description: "test token",
  });
  return { clientId, secret, token: issued.accessToken, sessionId: issued.session.id };
};

/** Defines a custom role directly (no HTTP). */
export const defineTestRole = async (platform: PlatformLike, key: string, acl: readonly string[], description = "") => {
  await iamOf(platform).runtime.execute("role", key, [{ type: "define", description, acl: [...acl] }], TEST_INITIATOR, {
    existence: "new",
  });
};
