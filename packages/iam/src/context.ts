import { erasureReactor } from "./principal/erasure.ts";
import { iamContract } from "./contract/index.ts";
import { Hono } from "hono";
import { defineContext } from "@platform/host";
import type { BoundedContext } from "@platform/host";
import type { Clock } from "@platform/kernel";
import { createAuthenticator } from "./access/authenticator.ts";
import { createMakers } from "./access/makers.ts";
import { checkBootstrapConfig, runBootstrap } from "./bootstrap.ts";
import { clientActor } from "./client/actor.ts";
import { iamInternalsKey, createIamInternals } from "./internals.ts";
import type { HashingOptions } from "./passwords/hashing.ts";
import type { ThrottleOptions } from "./passwords/password-throttle.ts";
import { principalActor } from "./principal/actor.ts";
import { clientsProjection } from "./read-model/clients-projection.ts";
import { iamMigrations } from "./read-model/migrations.ts";
import { principalsProjection } from "./read-model/principals-projection.ts";
import { rolesProjection } from "./read-model/roles-projection.ts";
import { iamGraphEdges } from "./read-model/graph-edges.ts";
import { roleActor } from "./role/actor.ts";
import { adminClientRoutes } from "./routes/admin-clients.ts";
import { clientRoutes } from "./routes/clients.ts";
import { clientSecretRoutes } from "./routes/client-secrets.ts";
import { meRoutes } from "./routes/me.ts";
import { principalActionRoutes } from "./routes/principal-actions.ts";
import { principalRoutes } from "./routes/principals.ts";
import { roleRoutes } from "./routes/roles.ts";
import { journalRoutes } from "./routes/journals.ts";
import { auth } from "./routes/common.ts";
import { sessionPurgeTask } from "./sessions/session-purge.ts";
import { installSystemRecords } from "./system.ts";
import { ports } from "@platform/ports";

export type IamContextOptions = {
  /** argon2id cost; default OWASP (m=19456 KiB, t=2, p=1). Lower it only in tests. */
  readonly hashing?: HashingOptions;
  /** The progressive delay of password attempts (sign-in and `currentPassword`); defaults in password-throttle.ts. */
  readonly throttle?: Partial<ThrottleOptions>;
  /**
   * The progressive delay of failed client authentication at the OAuth endpoints; defaults in
   * client/client-throttle.ts.
   */
  readonly clientThrottle?: Partial<ThrottleOptions>;
  /** "Now" for sessions, tokens, secrets and passwords; default the system clock. */
  readonly clock?: Clock;
};

/** Builds the IAM context; `iamContext` is the production instance. */
export const createIamContext = (options: IamContextOptions = {}): BoundedContext =>
  defineContext({
    name: "iam",
    provides: [ports.iamSessions, ports.authenticator, ports.makers],
    contract: iamContract,
    migrations: iamMigrations,
    actors: [principalActor, clientActor, roleActor],
    projections: [principalsProjection, clientsProjection, rolesProjection],
    personalKeys: ["principal:email", "principal:phone"],
    graphEdges: iamGraphEdges,
    setup: async (deps) => {
      const iam = createIamInternals(deps, options);
      checkBootstrapConfig(iam);
      await installSystemRecords(deps.db, deps.config.publicUrl);
      deps.ports.provide(iamInternalsKey, iam);
      deps.ports.provide(ports.iamSessions, iam.service);
      deps.ports.provide(ports.authenticator, createAuthenticator(iam.sessionStore, iam.recordActivity, iam.clock));
      deps.ports.provide(ports.makers, createMakers(deps.db));
    },
    bootstrap: async (deps) => {
      const iam = deps.ports.get(iamInternalsKey);
      // The platform does not wait for read models during bootstrap, so this can finish before
      // the gateway takes requests; a failure stops the start with its reason.
      const done = runBootstrap(iam);
      iam.setBootstrap(done.catch(() => undefined));
      await done;
    },
    tasks: (deps) => [sessionPurgeTask(deps.db, deps.log)],
    reactors: (deps) => [erasureReactor(deps.personalData)],
    routes: (deps) => {
      const app = new Hono();
      // Authentication once per request for every IAM path (the sub-apps only route).
      const authenticate = auth(deps);
      const iam = deps.ports.get(iamInternalsKey);
      for (const path of [
        "/resources/me",
        "/resources/me/password",
        "/resources/me/erase",
        "/resources/iam/*",
        "/iam/clients",
      ])
        app.use(path, authenticate);
      return app
        .route("/", meRoutes(iam))
        .route("/", journalRoutes(iam))
        .route("/", principalActionRoutes(iam))
        .route("/", principalRoutes(iam))
        .route("/", clientSecretRoutes(iam))
        .route("/", clientRoutes(iam))
        .route("/", roleRoutes(iam))
        .route("/", adminClientRoutes(iam));
    },
  });

export const iamContext: BoundedContext = createIamContext();
