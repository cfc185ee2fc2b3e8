import { DomainError, isDomainError, newId } from "@platform/kernel";
import type { Actor } from "@platform/actor-runtime";
import type { IamInternals } from "./internals.ts";
import { OWNER_ROLE } from "./access/effective.ts";
import { passwordProblem } from "./passwords/policy.ts";
import type { ClientCommand } from "./client/events.ts";
import type { PrincipalCommand } from "./principal/events.ts";

const SYSTEM_ACTOR: Actor = { requestId: "bootstrap" };

/** Checks the bootstrap variables before anything runs, so a bad one stops the start with a clear message. */
export const checkBootstrapConfig = (iam: IamInternals) => {
  const { ownerEmail, ownerPassword } = iam.config.bootstrap;
  if (ownerEmail && ownerPassword) {
    const problem = passwordProblem(ownerPassword, { email: ownerEmail });
    if (problem) throw new Error(`BOOTSTRAP_OWNER_PASSWORD is refused: ${problem}`);
  }
};

/** Creates the owner principal when no principal holds the email. Idempotent across restarts and processes. */
const ensureOwner = async (iam: IamInternals, email: string, password: string) => {
  if (await iam.runtime.store.lookupKey("principal:email", email.toLowerCase())) return;
  const id = newId();
  await iam.credentials.set(id, await iam.hasher.hash(password), false, null);
  const commands: PrincipalCommand[] = [
    { type: "create", definition: { properties: { name: email.split("@")[0] ?? "Owner", email, phone: null, picture: null, settings: {} }, roles: [OWNER_ROLE], acl: [], accessAttributes: {} } },
    { type: "setPassword", temporary: false, expiresAt: null },
  ];
  try {
    await iam.runtime.execute("principal", id, commands, SYSTEM_ACTOR, { existence: "new" });
    iam.log.info({ principalId: id }, "bootstrap owner created");
  } catch (e) {
    await iam.credentials.delete(id);
    if (!(isDomainError(e) && e.code === "EMAIL_NOT_UNIQUE")) throw e; // another process won the race
  }
};

/** Creates the service-account client when absent, and makes sure the given secret is one of its secrets. */
const ensureServiceAccount = async (iam: IamInternals, clientId: string, secret: string) => {
  const loaded = await iam.runtime.load("client", clientId);
  if (!loaded.exists) {
    const create: ClientCommand = {
      type: "create",
      properties: { name: clientId, description: "Bootstrap service account", redirectUris: [], grantTypes: ["client_credentials"], scopes: [], tokenEndpointAuthMethod: "client_secret_basic" },
      roles: [OWNER_ROLE],
      accessAttributes: {},
    };
    await iam.runtime.execute("client", clientId, [create], SYSTEM_ACTOR, { existence: "any", expectedVersion: loaded.version }).catch((e: unknown) => {
      if (!(e instanceof DomainError && e.code === "CONFLICT")) throw e;
    });
    iam.log.info({ clientId }, "bootstrap client created");
  }
  if (await iam.secrets.match(clientId, secret)) return;
  const view = await iam.secrets.insert(clientId, secret, "bootstrap", null);
  await iam.runtime.execute("client", clientId, [{ type: "recordSecretCreated", secretId: view.id, description: "bootstrap", expiresAt: null }], SYSTEM_ACTOR);
};

/** The start-up bootstrap of CONTRACT.md 1. Never deletes or changes existing data beyond adding the given secret. */
export const runBootstrap = async (iam: IamInternals) => {
  const { ownerEmail, ownerPassword, clientId, clientSecret } = iam.config.bootstrap;
  if (ownerEmail && ownerPassword) await ensureOwner(iam, ownerEmail, ownerPassword);
  if (clientId && clientSecret) await ensureServiceAccount(iam, clientId, clientSecret);
};
