import type { BoundedContext } from "@platform/platform";
import { iamContext } from "@platform/iam";
import { oauthContext } from "@platform/oauth";
import { sendingsContext } from "@platform/sendings";
import { ordersContext } from "@platform/orders";
import { actorsContext } from "@platform/actors";
import { appsContext } from "@platform/apps";
import { jobsContext } from "@platform/jobs";
import { graphContext } from "@platform/graph";
import { openApiContext } from "@platform/openapi";
import { portalContext } from "@platform/portal";

/**
 * Every bounded context of the service, in dependency order (IAM first: it provides
 * authentication). /openapi.json publishes the contract of each.
 */
export const contexts: readonly BoundedContext[] = [iamContext, oauthContext, sendingsContext, ordersContext, actorsContext, appsContext, jobsContext, graphContext, portalContext, openApiContext];
