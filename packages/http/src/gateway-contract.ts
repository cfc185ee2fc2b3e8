import { defineContext } from "@platform/host";
import type { ContextContract } from "@platform/host";
import { ports } from "@platform/ports";
import { inProcessGateway } from "./in-process-gateway.ts";

/**
 * The routes the gateway serves itself, beside the contexts' (createGatewayApp): what an
 * operator scrapes. /healthz and /readyz are for probes and stay unpublished.
 */
export const gatewayContract: ContextContract = {
  context: "gateway",
  tags: { operations: "What operators scrape: Prometheus metrics" },
  operations: [
    {
      operationId: "getMetrics",
      method: "get",
      path: "/metrics",
      summary:
        "Prometheus metrics (text format 0.0.4): requests by route, appends, follower lag, jobs, " +
        "component runs, sendings, process; a bearer token when METRICS_TOKEN is set",
      permission: "public",
      success: 200,
      alsoErrors: [401],
      tags: ["operations"],
      produces: "text/plain",
    },
  ],
};

/**
 * The gateway's own contract as a context of the service's list, so /openapi.json publishes it, and the
 * gateway port (the portal's way into the API), which calls the gateway app createGatewayApp builds.
 */
export const gatewayContext = defineContext({
  name: "gateway",
  contract: gatewayContract,
  provides: [ports.gateway],
  setup: (deps) => deps.ports.provide(ports.gateway, inProcessGateway(deps.ports)),
});
