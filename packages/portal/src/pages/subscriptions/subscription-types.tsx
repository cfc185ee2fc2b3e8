import type * as v from "valibot";
import type { subscriptionsContract } from "@platform/subscriptions";

/** An operation of the subscriptions context's published contract, by its id. */
type Operation<Id extends string> = Extract<(typeof subscriptionsContract.operations)[number], { operationId: Id }>;

/**
 * A subscription as `GET /resources/subscriptions/{id}` answers it: the subscriptions
 * context's published record, read from its contract so the portal cannot drift from it. The
 * secret is only in the answer to a creation, which the portal never makes.
 */
export type Subscription = Omit<v.InferOutput<Operation<"getSubscription">["response"]>, "secret">;
export type SubscriptionStatus = Subscription["status"];
/** One delivery attempt as `GET /resources/subscriptions/{id}/deliveries` lists it, newest first. */
export type Delivery = v.InferOutput<Operation<"listSubscriptionDeliveries">["item"]>;

/** The subscriptions pages' section in the navigation. */
export const SECTION = "/portal/subscriptions";

/** The portal's link to a subscription (its id is a path segment, as in the API). */
export const subscriptionHref = (id: string) => `${SECTION}/${encodeURIComponent(id)}`;

/** The API's path of a subscription. */
export const subscriptionApiPath = (id: string) => `/resources/subscriptions/${encodeURIComponent(id)}`;

const BADGE: Readonly<Record<SubscriptionStatus, string>> = {
  active: "badge ok",
  paused: "badge warn",
  failing: "badge critical",
};

/** A subscription's status as a badge: the word, coloured (never colour alone). */
export const StatusBadge = (props: { status: SubscriptionStatus }) => (
  <span class={BADGE[props.status] ?? "badge"}>{props.status}</span>
);

/** A log position, or a dash before the first one is known. */
export const PositionText = (props: { position: string | null }) =>
  props.position ? <span class="mono">{props.position}</span> : <>—</>;

/** One entry of the event catalog (`GET /resources/subscriptions/event-types`). */
export type EventTypeEntry = v.InferOutput<Operation<"listSubscriptionEventTypes">["item"]>;
