import { decideAll } from "@platform/kernel";
import { decideSubscription } from "../subscription/decide.ts";
import { evolveSubscription, initialSubscriptionState } from "../subscription/state.ts";
import { subscriptionEventSchemas } from "./events.ts";
import { subscriptionOperations } from "./operations.ts";

const T = "2026-11-27T10:00:00.000Z";
const maker = { principalId: "0190a000-0000-7000-8000-000000000001", attributes: {} };
const spec = { url: "https://hooks.example.com/in", eventTypes: ["OrderCreated"], description: "ERP" };

/** Real events from the decider: a subscription's whole life. */
const sampleSubscriptionEvents = () =>
  decideAll({ decide: decideSubscription, evolve: evolveSubscription, initialState: initialSubscriptionState }, [
    { type: "put", subscriptionId: "erp", spec, maker, secret: "whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0" },
    { type: "put", subscriptionId: "erp", spec: { ...spec, description: null }, maker, secret: "unused" },
    { type: "pause", at: T },
    { type: "resume", at: T },
    { type: "markFailing", at: T, eventPosition: "00000000000000000001:00000000000000000002", error: "HTTP 503" },
    { type: "replay", at: T, fromPosition: "00000000000000000001:00000000000000000001" },
    { type: "rotateSecret", at: T, secret: "whsec_bmV3c2VjcmV0bmV3c2VjcmV0bmV3c2VjcmV0" },
    {
      type: "put",
      subscriptionId: "erp",
      spec: { ...spec, maxPerSecond: 50, transform: { appId: "erp-adapter", componentId: "to-erp" } },
      maker,
      secret: "unused",
    },
    { type: "delete" },
  ]);

/** The published contract of the subscriptions context (generated into schemas/ by `npm run schemas`). */
export const subscriptionsContract = {
  context: "subscriptions",
  tags: {
    subscriptions:
      "Outbound events: subscriptions that POST the journal's events to webhooks in order, at least once, " +
      "signed per Standard Webhooks, retried with backoff for 24 hours",
  },
  operations: subscriptionOperations,
  events: subscriptionEventSchemas,
  sampleEvents: sampleSubscriptionEvents,
};
