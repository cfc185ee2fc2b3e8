import type { BoundedContext } from "@platform/host";
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

/**
 * Every bounded context of the service, in dependency order (IAM first: it provides
 * authentication), and the gateway's own routes. /openapi.json publishes the contract of each.
 */
export const contexts: readonly BoundedContext[] = [
  iamContext,
  oauthContext,
  sendingsContext,
  ordersContext,
  actorsContext,
  appsContext,
  jobsContext,
  graphContext,
  subscriptionsContext,
  portalContext,
  gatewayContext,
  openApiContext,
];
