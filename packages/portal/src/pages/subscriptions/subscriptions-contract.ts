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
