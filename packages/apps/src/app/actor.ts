import { defineActor } from "@platform/actor-runtime";
import type { AppCommand } from "./commands.ts";
import { decideApp } from "./decide.ts";
import type { AppEvent } from "./events.ts";
import { appEventTypes } from "./events.ts";
import { evolveApp, initialAppState, routeKeysOf } from "./state.ts";
import type { AppState } from "./state.ts";

/**
 * The app actor: type `app`, addressed by its appId. Its natural key `route` holds every
 * `<METHOD> <route>` of its ingresses, so two apps never claim one route (reserved atomically
 * with the append). Kept off the generic actor API: apps are guarded by `apps:*`.
 */
export const appActor = defineActor<AppState, AppCommand, AppEvent>({
  type: "app",
  decider: { decide: decideApp, evolve: evolveApp, initialState: initialAppState },
  messages: {},
  exists: (s) => s.status === "installed",
  naturalKeys: {
    appId: { of: (s) => s.appId },
    route: { of: routeKeysOf, addressable: false },
  },
  lifecycle: { created: ["AppInstalled"], deleted: ["AppRemoved"] },
  eventTypes: appEventTypes,
  typeReadableBy: (reader) => reader.can("apps", "read"),
  identifiers: (id, s) => ({ id, ...(s.appId ? { appId: s.appId } : {}) }),
  view: (s) =>
    s.content
      ? { appId: s.appId, status: s.status, digest: s.content.digest, manifest: s.content.manifest }
      : { appId: s.appId, status: s.status },
  actorApi: false,
  readableBy: (reader) => reader.can("apps", "read"),
});
