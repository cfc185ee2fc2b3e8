import { DomainError, isDomainError, newId } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import type { IamInternals } from "./internals.ts";
import { OWNER_ROLE } from "./access/effective.ts";
import { passwordProblem } from "./passwords/policy.ts";
import type { ClientCommand } from "./client/commands.ts";
import type { PrincipalCommand } from "./principal/commands.ts";

const SYSTEM_INITIATOR: Initiator = { requestId: "bootstrap" };

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
    {
      type: "create",
      definition: {
        properties: { name: email.split("@")[0] ?? "Owner", email, phone: null, picture: null, settings: {} },
        roles: [OWNER_ROLE],
        acl: [],
        accessAttributes: {},
      },
    },
    { type: "setPassword", temporary: false, expiresAt: null },
  ];
  try {
    await iam.runtime.execute("principal", id, commands, SYSTEM_INITIATOR, { existence: "new" });
    iam.log.info({ principalId: id }, "bootstrap owner created");
  } catch (e) {
    await iam.credentials.delete(id);
    if (!(isDomainError(e) && e.code === "EMAIL_NOT_UNIQUE")) throw e; // another process won the race
  }
};

/**
 * Creates the service-account client, with the given secret, the first time only. Once it
 * exists, or existed and was deleted, nothing is added back: an administrator's deletion of
 * the client or of its bootstrap secret (a rotation) holds across restarts, and a warning
 * says why the variables were not used.
 */
const ensureServiceAccount = async (iam: IamInternals, clientId: string, secret: string) => {
  const loaded = await iam.runtime.load("client", clientId);
  if (loaded.exists) {
    if (!(await iam.secrets.match(clientId, secret)))
      iam.log.warn(
        { clientId },
        "BOOTSTRAP_CLIENT_SECRET is not a secret of the bootstrap client any more (deleted or " +
          "rotated); it is not added back",
      );
    return;
  }
  if (loaded.version > 0) {
    iam.log.warn(
      { clientId },
      "the bootstrap client was deleted; it is not created again (unset BOOTSTRAP_CLIENT_ID and " +
        "BOOTSTRAP_CLIENT_SECRET)",
    );
    return;
  }
  const create: ClientCommand = {
    type: "create",
    properties: {
      name: clientId,
      description: "Bootstrap service account",
      redirectUris: [],
      grantTypes: ["client_credentials"],
      scopes: [],
      tokenEndpointAuthMethod: "client_secret_basic",
    },
    roles: [OWNER_ROLE],
    accessAttributes: {},
  };
  // The secret's row first, then the client and its secret in one batch: a crash between the
  // two leaves an unreferenced row, never a client without the secret the variables name.
  const view = await iam.secrets.insert(clientId, secret, "bootstrap", null);
  try {
    await iam.runtime.execute(
      "client",
      clientId,
      [create, { type: "recordSecretCreated", secretId: view.id, description: "bootstrap", expiresAt: null }],
      SYSTEM_INITIATOR,
      { existence: "new" },
    );
    iam.log.info({ clientId }, "bootstrap client created");
  } catch (e) {
    await iam.secrets.delete(clientId, view.id);
    if (!(e instanceof DomainError && e.code === "CONFLICT")) throw e; // another process won the race
  }
};

/**
 * The start-up bootstrap (BOOTSTRAP_OWNER_* and BOOTSTRAP_CLIENT_*: README.md, "Configuration"): creates what is
 * absent, so a restart with the same variables changes nothing. Never deletes or changes existing data.
 */
export const runBootstrap = async (iam: IamInternals) => {
  const { ownerEmail, ownerPassword, clientId, clientSecret } = iam.config.bootstrap;
  if (ownerEmail && ownerPassword) await ensureOwner(iam, ownerEmail, ownerPassword);
  if (clientId && clientSecret) await ensureServiceAccount(iam, clientId, clientSecret);
};
