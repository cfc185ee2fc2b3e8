import { ReplayBody, SubscriptionBody } from "./requests.ts";
import {
  Delivery,
  EventTypeItem,
  RotatedSecret,
  Subscription,
  TestSent,
  SubscriptionJournalEvent,
  SubscriptionListItem,
} from "./responses.ts";

const ID = "/resources/subscriptions/{id}";
const tags = ["subscriptions"];

/** Every /resources/subscriptions route (routes/). */
export const subscriptionOperations = [
  {
    operationId: "putSubscription",
    method: "put",
    path: ID,
    summary:
      "Create (201, with the secret, shown once) or change (200) a subscription: events of its " +
      "types POSTed to url, signed (Standard Webhooks). " +
      ("Its writer becomes its maker: deliveries carry at most the maker's current read rights, " +
        "within the scope of the token it was written with"),
    permission: "subscriptions:write",
    success: 201,
    alsoSuccess: [200],
    tags,
    requestBody: SubscriptionBody,
    requestExample: {
      url: "https://hooks.example.com/orders",
      eventTypes: ["OrderCreated"],
      description: "Order feed for the warehouse",
    },
    response: Subscription,
    ifMatch: "optional",
    etag: true,
  },
  {
    operationId: "listSubscriptions",
    method: "get",
    path: "/resources/subscriptions",
    summary: "List subscriptions by id",
    permission: "subscriptions:read",
    success: 200,
    tags,
    list: "subscriptions",
    item: SubscriptionListItem,
  },
  {
    operationId: "listSubscriptionEventTypes",
    method: "get",
    path: "/resources/subscriptions/event-types",
    summary:
      "The event catalog: each event type a subscription may name, with the schema of its data and an example, " +
      "only the types whose events the caller may read",
    permission: "subscriptions:read",
    success: 200,
    tags,
    list: "eventTypes",
    item: EventTypeItem,
  },
  {
    operationId: "getSubscription",
    method: "get",
    path: ID,
    summary: "Read a subscription (never its secret)",
    permission: "subscriptions:read",
    success: 200,
    tags,
    response: Subscription,
    etag: true,
  },
  {
    operationId: "deleteSubscription",
    method: "delete",
    path: ID,
    summary: "Delete a subscription: nothing more is delivered",
    permission: "subscriptions:delete",
    success: 204,
    tags,
    ifMatch: "optional",
  },
  {
    operationId: "pauseSubscription",
    method: "post",
    path: `${ID}/pause`,
    summary: "Pause delivery; it keeps its place",
    permission: "subscriptions:write",
    success: 200,
    tags,
    response: Subscription,
  },
  {
    operationId: "resumeSubscription",
    method: "post",
    path: `${ID}/resume`,
    summary: "Resume a paused or failing subscription from where it stopped",
    permission: "subscriptions:write",
    success: 200,
    tags,
    response: Subscription,
  },
  {
    operationId: "replaySubscription",
    method: "post",
    path: `${ID}/replay`,
    summary:
      "Deliver again from a log position (inclusive), in order; the maker's read rights apply as to any delivery",
    permission: "subscriptions:write",
    success: 200,
    tags,
    requestBody: ReplayBody,
    requestExample: { fromPosition: "00000000000000000000:00000000000000000000" },
    response: Subscription,
  },
  {
    operationId: "rotateSubscriptionSecret",
    method: "post",
    path: `${ID}/rotate-secret`,
    summary:
      "A new signing secret, shown once in this answer. For 24 hours deliveries carry two signatures in " +
      "webhook-signature (`v1,<new> v1,<old>`), so receivers can move to the new secret; then the old one ends",
    permission: "subscriptions:write",
    success: 200,
    tags,
    response: RotatedSecret,
  },
  {
    operationId: "testSubscription",
    method: "post",
    path: `${ID}/test`,
    summary:
      "Send one `subscription.test` event to the subscription's URL now, signed and transformed as any delivery, " +
      "whatever its status; the attempt shows among its deliveries under the webhookId answered",
    permission: "subscriptions:write",
    success: 202,
    tags,
    response: TestSent,
  },
  {
    operationId: "listSubscriptionDeliveries",
    method: "get",
    path: `${ID}/deliveries`,
    summary: "Recent delivery attempts, newest first (the last 1000 are kept)",
    permission: "subscriptions:read",
    success: 200,
    tags,
    list: "deliveries",
    item: Delivery,
  },
  {
    operationId: "getSubscriptionJournal",
    method: "get",
    path: `${ID}/journal`,
    summary: "The subscription's events in version order: who created, changed, paused, replayed it (never its secret)",
    permission: "subscriptions:read",
    success: 200,
    tags,
    list: "events",
    item: SubscriptionJournalEvent,
  },
] as const;
