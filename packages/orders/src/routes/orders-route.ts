import { Hono } from "hono";
import { DomainError } from "@platform/kernel";
import { bearerAuth, parsePage, requirePermission } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { listOrders } from "../read-model/queries.ts";
import { ports } from "@platform/ports";

const FILTERS = new Set(["orderNumber", "currencyCode", "createdAfter", "createdBefore", "limit", "after", "before"]);

const timestamp = (value: string | undefined, name: string): Date | undefined => {
  if (value === undefined) return undefined;
  const t = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(t))
    throw new DomainError("VALIDATION_FAILED", `Invalid ${name}`, [
      { path: name, message: "must be an ISO 8601 timestamp" },
    ]);
  return new Date(t);
};

/** `GET /resources/orders`: the orders list in the list envelope (key `orders`), needs `actors/order:read`. */
export const ordersRoutes = (deps: PlatformDeps) =>
  new Hono().get(
    "/resources/orders",
    bearerAuth(() => deps.ports.get(ports.authenticator)),
    async (c) => {
      const caller = requirePermission(c, "actors/order", "read");
      const query = c.req.query();
      const unknown = Object.keys(query).filter((k) => !FILTERS.has(k));
      if (unknown.length)
        throw new DomainError(
          "VALIDATION_FAILED",
          "Unknown query parameter",
          unknown.map((k) => ({ path: k, message: "unknown parameter" })),
        );
      const page = parsePage(query);
      const result = await listOrders(
        deps.db.kysely,
        {
          orderNumber: query.orderNumber,
          currencyCode: query.currencyCode,
          createdAfter: timestamp(query.createdAfter, "createdAfter"),
          createdBefore: timestamp(query.createdBefore, "createdBefore"),
          attributes: caller.attributes,
        },
        page,
      );
      return c.json(result);
    },
  );
