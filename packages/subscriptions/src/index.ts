import { Hono } from "hono";
import { defineContext } from "@platform/host";
import type { PlatformDeps } from "@platform/host";
import { ports } from "@platform/ports";
import { subscriptionsContract } from "./contract/index.ts";
import { createAttemptLog } from "./delivery/attempts.ts";
import { createDeliveryManager } from "./delivery/delivery-manager.ts";
import type { DeliveryManager, DeliveryOptions } from "./delivery/delivery-manager.ts";
import { declareSubscriptionsMetrics } from "./delivery/delivery-metrics.ts";
import { subscriptionsMigrations } from "./read-model/migrations.ts";
import { subscriptionsProjection } from "./read-model/projection.ts";
import { subscriptionActionRoutes } from "./routes/subscription-actions.ts";
import { subscriptionRoutes } from "./routes/subscriptions.ts";
import { eventTypeRoutes } from "./routes/event-types.ts";
import { subscriptionActor } from "./subscription/actor.ts";

export type SubscriptionsOptions = DeliveryOptions;

/**
 * The subscriptions context (docs/WEBHOOKS.md): the subscription actor, its read model and
 * routes, and the worker task that POSTs the log's events to each subscription's URL, signed
 * per Standard Webhooks, in order, at least once, within what its maker may read.
 */
export const createSubscriptionsContext = (options: SubscriptionsOptions = {}) => {
  // Per platform: the routes tell this process's deliverer at once when they change a subscription.
  const managers = new WeakMap<PlatformDeps, DeliveryManager>();
  const managerOf = (deps: PlatformDeps) => {
    let m = managers.get(deps);
    if (!m) managers.set(deps, (m = createDeliveryManager(deps, createAttemptLog(deps.db.kysely, deps.log), options)));
    return m;
  };
  return defineContext({
    name: "subscriptions",
    requires: [ports.authenticator],
    uses: [ports.makers, ports.appComponents],
    contract: subscriptionsContract,
    migrations: subscriptionsMigrations,
    actors: [subscriptionActor],
    projections: [subscriptionsProjection],
    metrics: declareSubscriptionsMetrics,
    routes: (deps) => {
      const changed = (id: string) => managerOf(deps).changed(id);
      // One attempt log per platform: a DELETE forgets what the deliverer has not written yet too.
      return new Hono()
        .route("/", eventTypeRoutes(deps))
        .route("/", subscriptionRoutes(deps, managerOf(deps).attempts, changed))
        .route("/", subscriptionActionRoutes(deps, changed, managerOf(deps).test));
    },
    tasks: (deps) => [managerOf(deps).task],
  });
};

export const subscriptionsContext = createSubscriptionsContext();
export { subscriptionsContract };
