import { ordersContract } from "./contract/index.ts";
import { defineContext } from "@platform/host";
import { ports } from "@platform/ports";
import { orderActor } from "./order/actor.ts";
import { ordersMigrations } from "./read-model/migrations.ts";
import { ordersProjection } from "./read-model/projection.ts";
import { ordersEdge } from "./read-model/graph-edge.ts";
import { ordersRoutes } from "./routes/orders-route.ts";
import { defaultTaxRule, standardRates } from "./rules/default-tax.ts";
import type { DefaultTaxRates } from "./rules/default-tax.ts";

export type OrdersOptions = {
  /** Default tax rates for lines created without one. Default {@link standardRates}. */
  readonly defaultTaxRates?: DefaultTaxRates;
};

/**
 * The orders context: the order actor (messages go through the actors context's generic
 * `/resources/actors/order/{id}` API), its default-tax rule, the orders read model and
 * `GET /resources/orders`.
 */
export const createOrdersContext = (options: OrdersOptions = {}) =>
  defineContext({
    name: "orders",
    requires: [ports.authenticator],
    contract: ordersContract,
    migrations: ordersMigrations,
    actors: [orderActor],
    projections: [ordersProjection],
    graphEdges: [ordersEdge],
    rules: () => [defaultTaxRule(options.defaultTaxRates ?? standardRates)],
    routes: ordersRoutes,
  });

export const ordersContext = createOrdersContext();

export { orderActor, standardRates };
export type { DefaultTaxRates };
export type { OrderState } from "./order/state.ts";
export type { OrderEvent } from "./order/events.ts";
export type { OrderCommand, PublicOrderCommand } from "./order/commands.ts";
export type { OrderView } from "./order/view.ts";
export { ordersContract } from "./contract/index.ts";
