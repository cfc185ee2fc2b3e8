import { actorsContract } from "./contract/index.ts";
import { defineContext } from "@platform/host";
import { actorsRoutes } from "./routes/actors-routes.ts";
import { createActorMessagesApi } from "./message-actor.ts";
import { ports } from "@platform/ports";

/**
 * The actors context: the generic message API, state and journal of every actor type the
 * other contexts register (`/resources/actors/{type}/{id}`), and the same message API as the
 * `actors.messages` service for other ways in (app components). It owns no actor, table or event.
 */
export const actorsContext = defineContext({
  name: "actors",
  requires: [ports.authenticator],
  provides: [ports.actorMessages],
  contract: actorsContract,
  setup: (deps) => deps.ports.provide(ports.actorMessages, createActorMessagesApi(deps.runtime)),
  routes: actorsRoutes,
});
export { actorsContract } from "./contract/index.ts";
