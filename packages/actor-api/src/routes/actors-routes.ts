import { Hono } from "hono";
import { authenticatorKey, bearerAuth } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { getActor } from "./get-actor.ts";
import { getJournal } from "./get-journal.ts";
import { postMessages } from "./post-messages.ts";

/** The generic actor API for every registered actor type (docs/API.md, "Actors and orders"). */
export const actorsRoutes = (deps: PlatformDeps) => {
  const auth = bearerAuth(() => deps.services.get(authenticatorKey));
  return new Hono()
    .post("/resources/actors/:type/:id", auth, postMessages(deps))
    .get("/resources/actors/:type/:id", auth, getActor(deps))
    .get("/resources/actors/:type/:id/journal", auth, getJournal(deps));
};
