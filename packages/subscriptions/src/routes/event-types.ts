import { Hono } from "hono";
import { arrayPage, bearerAuth, parsePage, requirePermission } from "@platform/http";
import type { GatewayEnv } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { ports } from "@platform/ports";
import { createEventCatalog } from "../catalog/event-catalog.ts";
import type { EventCatalog } from "../catalog/event-catalog.ts";
import { BASE, RESOURCE } from "./common.ts";

/** The catalog's name in the path: no subscription may take it as its id. */
export const EVENT_TYPES_ID = "event-types";
const EVENT_TYPES_PATH = `${BASE}/${EVENT_TYPES_ID}`;

/**
 * GET /resources/subscriptions/event-types: the event catalog, the types the caller may read events of, by name
 * (list key `eventTypes`). Mounted before `/resources/subscriptions/{id}`, which would take the name as an id.
 */
export const eventTypeRoutes = (deps: PlatformDeps): Hono<GatewayEnv> => {
  const app = new Hono<GatewayEnv>();
  let catalog: EventCatalog | undefined;
  // Built at the first request: every context's actors are registered by then.
  const catalogOf = () =>
    (catalog ??= createEventCatalog(
      deps.contracts,
      deps.runtime.types().map((t) => deps.runtime.definition(t)),
    ));
  app.get(
    EVENT_TYPES_PATH,
    bearerAuth(() => deps.ports.get(ports.authenticator)),
    (c) => {
      const caller = requirePermission(c, RESOURCE, "read");
      const page = parsePage(c.req.query());
      return c.json(arrayPage("eventTypes", catalogOf().readableBy(caller), (e) => e.type, page));
    },
  );
  return app;
};
