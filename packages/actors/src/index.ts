import { defineContext } from "@platform/platform";
import { actorsRoutes } from "./routes/actors-routes.ts";

/**
 * The actors context: the generic message API, state and journal of every actor type the
 * other contexts register (`/resources/actors/{type}/{id}`). It owns no actor, table or event.
 */
export const actorsContext = defineContext({ name: "actors", routes: actorsRoutes });
export { actorsContract } from "./contract/index.ts";
