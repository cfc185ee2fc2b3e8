import { oauthContract } from "./contract/index.ts";
import { defineContext } from "@platform/host";
import type { PlatformDeps } from "@platform/host";
import { createIamAdapter } from "./iam/iam-adapter.ts";
import type { IamPort } from "./iam/iam-port.ts";
import { oauthMigrations } from "./migrations.ts";
import { consentsProjection } from "./consents/consents-projection.ts";
import { browserSessionsProjection } from "./browser/browser-sessions-projection.ts";
import { resolveOptions } from "./options.ts";
import { createLogoutDelivery, logoutDeliveryTask } from "./backchannel/logout-delivery.ts";
import type { OAuthOptionsInput } from "./options.ts";
import { oauthRoutes } from "./routes/index.ts";
import { createOAuthServices, oauthServicesKey } from "./services.ts";
import { ports } from "@platform/ports";

/**
 * The OAuth 2.0 authorization server: discovery, JWKS, authorize with login and
 * consent pages, token, revoke, introspect, and personal access tokens. IAM must be
 * installed before it (it owns identities, clients and sessions).
 */
export const createOAuthContext = (input: OAuthOptionsInput = {}) => {
  const options = resolveOptions(input);
  return defineContext({
    name: "oauth",
    requires: [ports.authenticator],
    // Discovery and the JWKS answer without IAM; sign-in and its tasks need it.
    uses: [ports.iamSessions],
    contract: oauthContract,
    migrations: oauthMigrations,
    projections: [consentsProjection, browserSessionsProjection],
    setup: async (deps: PlatformDeps) => {
      let iam: IamPort | undefined;
      const port = () => (iam ??= createIamAdapter(deps.ports.get(ports.iamSessions)));
      deps.ports.provide(oauthServicesKey, await createOAuthServices(deps, options, port));
    },
    routes: (deps) => oauthRoutes(deps, () => deps.ports.get(oauthServicesKey)),
    tasks: (deps) => {
      // Without IAM (a discovery-only test platform) no session can end.
      if (!deps.ports.find(ports.iamSessions)) return [];
      const s = deps.ports.get(oauthServicesKey);
      const delivery = createLogoutDelivery({
        iam: s.iam,
        keys: s.keys,
        issuer: s.issuer,
        options,
        allowPrivate: deps.config.outboundAllowPrivate,
        log: deps.log,
        metrics: deps.metrics,
      });
      return [logoutDeliveryTask(delivery, deps, s.iam().sessionEnds.channel, options.logoutPollMs)];
    },
  });
};

export const oauthContext = createOAuthContext();

export { discoveryDocument } from "./routes/discovery.ts";
export type { OAuthOptions, OAuthOptionsInput } from "./options.ts";
export { oauthContract } from "./contract/index.ts";
