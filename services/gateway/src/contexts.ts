import type { BoundedContext } from "@platform/platform";
import { iamContext } from "@platform/iam";
import { oauthContext } from "@platform/oauth";
import { sendingsContext } from "@platform/sendings";
import { ordersContext } from "@platform/orders";
import { actorsContext } from "@platform/actors";
import { appsContext } from "@platform/apps";
import { jobsContext } from "@platform/jobs";
import { graphContext } from "@platform/graph";

/** Every bounded context of the service, in dependency order (IAM first: it provides authentication). */
export const contexts: readonly BoundedContext[] = [iamContext, oauthContext, sendingsContext, ordersContext, actorsContext, appsContext, jobsContext, graphContext];
