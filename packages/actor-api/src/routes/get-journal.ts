import type { Context } from "hono";
import { streamIdOf } from "@platform/actor-runtime";
import { journalPage } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { readableActor } from "./get-actor.ts";

/**
 * `GET /resources/actors/{type}/{id}/journal`: the actor's events in version order as a
 * paginated list under `events` (cursors are versions; `before` pages back).
 */
export const getJournal = (deps: PlatformDeps) => async (c: Context) => {
  const { def, id, loaded } = await readableActor(deps, c);
  return c.json(await journalPage(deps.store, streamIdOf(def.type, id), loaded.version, c.req.query()));
};
