import { Hono } from "hono";
import { bearerAuth } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { getActor } from "./get-actor.ts";
import { getJournal } from "./get-journal.ts";
import { postMessages } from "./post-messages.ts";
import { ports } from "@platform/ports";

/** The generic actor API for every registered actor type (docs/API.md, "Actors and orders"). */
export const actorsRoutes = (deps: PlatformDeps) => {
  const auth = bearerAuth(() => deps.ports.get(ports.authenticator));
  return new Hono()
    .post("/resources/actors/:type/:id", auth, postMessages(deps))
    .get("/resources/actors/:type/:id", auth, getActor(deps))
    .get("/resources/actors/:type/:id/journal", auth, getJournal(deps));
};
