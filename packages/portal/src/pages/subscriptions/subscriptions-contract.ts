import * as v from "valibot";
import { page } from "../../contract-page.ts";

/** The subscriptions pages (outbound webhooks): the list, one subscription, and its pause, resume and replay. */
export const subscriptionPagesContract = [
  page(
    "portalSubscriptions",
    "get",
    "/portal/subscriptions",
    "Subscriptions: URL, event types, status (active, paused, failing) and position",
  ),
  page(
    "portalNewSubscription",
    "get",
    "/portal/subscriptions/new",
    "The form that creates a subscription: id, URL (checked by the outbound rule as it is typed), event types from " +
      "the catalog, description, a limit a second and a transform",
  ),
  page(
    "portalCreateSubscription",
    "post",
    "/portal/subscriptions/new",
    "Creates the subscription (never replaces one of that id) and shows its signing secret, this once",
    200,
  ),
  {
    ...page(
      "portalCheckSubscriptionUrl",
      "post",
      "/portal/subscriptions/check-url",
      "Whether the service's outbound rule takes a URL (form field url): the form's script asks as it is typed",
      200,
    ),
    produces: "application/json" as const,
    response: v.object({
      problem: v.pipe(v.nullable(v.string()), v.description("Why the rule refuses it; null when it takes it")),
    }),
  },
  page(
    "portalEditSubscription",
    "get",
    "/portal/subscriptions/{id}/edit",
    "The form that changes a subscription, as it is now",
  ),
  page(
    "portalSaveSubscription",
    "post",
    "/portal/subscriptions/{id}/edit",
    "Saves the change (If-Match on the version the form showed: a change made meanwhile is shown, not overwritten)",
  ),
  page(
    "portalTestSubscription",
    "post",
    "/portal/subscriptions/{id}/test",
    "Sends one subscription.test event to the subscription's URL",
  ),
  page(
    "portalRotateSubscriptionSecret",
    "post",
    "/portal/subscriptions/{id}/rotate-secret",
    "Makes a new signing secret and shows it this once; the old one signs beside it for 24 hours",
    200,
  ),
  page(
    "portalSubscription",
    "get",
    "/portal/subscriptions/{id}",
    "One subscription: facts, where and why it stopped while failing, its last 50 delivery " +
      "attempts; pause, resume and replay for who may write",
  ),
  page(
    "portalPauseSubscription",
    "post",
    "/portal/subscriptions/{id}/pause",
    "Pauses a subscription's delivery; it keeps its place",
  ),
  page(
    "portalResumeSubscription",
    "post",
    "/portal/subscriptions/{id}/resume",
    "Resumes a paused or failing subscription from where it stopped",
  ),
  page(
    "portalReplaySubscription",
    "post",
    "/portal/subscriptions/{id}/replay",
    "Delivers again from a log position, inclusive (form field fromPosition, as the deliveries show it)",
  ),
] as const;
