import { ports } from "@platform/ports";
import { iamContext } from "@platform/iam";
import { oauthContext } from "@platform/oauth";
import { sendingsContext } from "@platform/sendings";
import { ordersContext } from "@platform/orders";
import { actorsContext } from "@platform/actor-api";
import { appsContext } from "@platform/apps";
import { jobsContext } from "@platform/jobs";
import { graphContext } from "@platform/graph";
import { subscriptionsContext } from "@platform/subscriptions";
import { openApiContext } from "@platform/openapi";
import { portalContext } from "@platform/portal";
import { gatewayContext } from "@platform/http";
import { wire } from "./wire.ts";

/**
 * How the service's contexts meet: every bounded context, in the order they depend on each other, with the
 * ports (@platform/ports) it requires (read with get: it does not work without them), uses (read with find)
 * and provides. Contexts meet only through these ports and events; `wire` checks each entry against the
 * context's own declaration (which wiring.test.ts checks against its code) and that what an entry needs is
 * provided before it, but for the late edges named here. Boot runs setups in this order; /openapi.json
 * publishes the contracts in it.
 */
export const contexts = wire([
  { context: iamContext, provides: [ports.iamSessions, ports.authenticator, ports.makers] },
  { context: oauthContext, requires: [ports.authenticator], uses: [ports.iamSessions] },
  { context: sendingsContext, requires: [ports.authenticator], provides: [ports.sendings] },
  { context: ordersContext, requires: [ports.authenticator] },
  { context: actorsContext, requires: [ports.authenticator], provides: [ports.actorMessages] },
  {
    context: appsContext,
    requires: [ports.authenticator, ports.actorMessages],
    uses: [ports.makers, ports.sendings, ports.componentEffects, ports.appJobDefinitions],
    provides: [ports.appComponents],
    // The loop with jobs: jobs runs apps' components (appComponents), apps hands jobs what a component
    // emits (componentEffects) and checks an installed app's job definitions with jobs (appJobDefinitions).
    // It is safe because apps reads jobs' ports only when a component runs or an app is installed (at
    // bootstrap at the earliest), after every context's setup; its setup reads neither.
    late: [ports.componentEffects, ports.appJobDefinitions],
  },
  {
    context: jobsContext,
    requires: [ports.authenticator, ports.appComponents],
    provides: [ports.appJobDefinitions, ports.componentEffects],
  },
  { context: graphContext, requires: [ports.authenticator] },
  { context: subscriptionsContext, requires: [ports.authenticator], uses: [ports.makers, ports.appComponents] },
  {
    context: portalContext,
    requires: [ports.gateway],
    // The gateway is built from every context's routes, so it comes last; the portal calls it per request.
    late: [ports.gateway],
  },
  { context: gatewayContext, provides: [ports.gateway] },
  { context: openApiContext },
]);
