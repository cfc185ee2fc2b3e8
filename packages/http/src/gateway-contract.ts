import { defineContext } from "@platform/host";
import type { ContextContract } from "@platform/host";

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

/** The gateway's own contract as a context of the service's list, so /openapi.json publishes it. */
export const gatewayContext = defineContext({ name: "gateway", contract: gatewayContract });
