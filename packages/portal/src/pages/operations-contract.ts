import { page } from "../contract-page.ts";

/** The operators' pages: sendings and queue health, orders, an actor's journal and state. */
export const operationsPagesContract = [
  page(
    "portalSendings",
    "get",
    "/portal/sendings",
    "Sendings by status and category, with the queue's health (pending and 24-hour bounce rate " +
      "against the spec's thresholds)",
  ),
  page("portalSending", "get", "/portal/sendings/{id}", "One sending: recipient, status, retries, next attempt, error"),
  page("portalCancelSending", "post", "/portal/sendings/{id}/cancel", "Cancels a pending sending"),
  page("portalOrders", "get", "/portal/orders", "Orders, newest first: find by order number or currency"),
  page(
    "portalActor",
    "get",
    "/portal/actors/{type}/{id}",
    "An actor's journal with each event's metadata, and its state as of any version (?version=N replays to N)",
  ),
] as const;
