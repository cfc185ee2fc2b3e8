import type { Context } from "hono";
import { getCaller } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { actorRef, addressActor } from "../address.ts";
import type { Addressed } from "../address.ts";
import { requireActorAttributes, requireActorPermissions } from "../authorize.ts";
import { stateAt, versionParam } from "./state-at.ts";

/**
 * Resolves and loads an actor for reading: 404 when unknown, 403 without `:read` or outside the caller's attributes.
 */
export const readableActor = async (deps: PlatformDeps, c: Context): Promise<Addressed> => {
  const caller = getCaller(c);
  const target = await addressActor(deps.runtime, c.req.param("type")!, c.req.param("id")!, { allowVirtual: false });
  requireActorPermissions(caller, target.def, target.id, target.loaded.state, ["read"]);
  requireActorAttributes(caller, target.def, target.loaded.state);
  return target;
};

/**
 * `GET /resources/actors/{type}/{id}` → `{actor, state}`; with `?version=N`, the state as of
 * version N (replayed from the journal), readable by whoever may read the actor now.
 */
export const getActor = (deps: PlatformDeps) => {
  // States are never changed in place (a batch folds into new ones), and the runtime's cache
  // hands out the same state object until the actor changes: its view is computed once.
  const views = new WeakMap<object, unknown>();
  const viewOf = (def: Addressed["def"], state: unknown) => {
    if (!def.view) return state;
    if (typeof state !== "object" || state === null) return def.view(state);
    let view = views.get(state);
    if (view === undefined) views.set(state, (view = def.view(state)));
    return view;
  };
  return async (c: Context) => {
    const { def, id, loaded } = await readableActor(deps, c);
    const version = versionParam(c.req.query("version"), loaded.version) ?? loaded.version;
    const state = version === loaded.version ? loaded.state : await stateAt(deps.store, def, id, version);
    return c.json({ actor: actorRef(def, id, state, version), state: viewOf(def, state) });
  };
};
