import type { Context } from "hono";
import { getCaller } from "@platform/http";
import type { PlatformDeps } from "@platform/platform";
import { actorRef, addressActor } from "../address.ts";
import type { Addressed } from "../address.ts";
import { requireActorAttributes, requireActorPermissions } from "../authorize.ts";

/** Resolves and loads an actor for reading: 404 when unknown, 403 without `:read` or outside the caller's attributes. */
export const readableActor = async (deps: PlatformDeps, c: Context): Promise<Addressed> => {
  const caller = getCaller(c);
  const target = await addressActor(deps.runtime, c.req.param("type")!, c.req.param("id")!, { allowVirtual: false });
  requireActorPermissions(caller, target.def, target.id, target.loaded.state, ["read"]);
  requireActorAttributes(caller, target.def, target.loaded.state);
  return target;
};

/** `GET /resources/actors/{type}/{id}` → `{actor, state}`. */
export const getActor = (deps: PlatformDeps) => async (c: Context) => {
  const { def, id, loaded } = await readableActor(deps, c);
  return c.json({ actor: actorRef(def, id, loaded.state, loaded.version), state: def.view ? def.view(loaded.state) : loaded.state });
};
