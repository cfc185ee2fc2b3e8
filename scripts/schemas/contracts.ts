import { actorsContract } from "@platform/actors";
import { appsContract } from "@platform/apps";
import { jobsContract } from "@platform/jobs";
import { iamContract } from "@platform/iam";
import { oauthContract } from "@platform/oauth";
import { ordersContract } from "@platform/orders";
import { sendingsContract } from "@platform/sendings";
import { graphContract } from "@platform/graph";
import type { ContextContract } from "./contract.ts";

/** Every context's published contract, in the service's context order. */
export const contracts: readonly ContextContract[] = [iamContract, oauthContract, sendingsContract, ordersContract, actorsContract, appsContract, jobsContract, graphContract];
