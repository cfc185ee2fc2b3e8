import type { AppContent, AppEvent } from "./events.ts";

export type AppState = {
  readonly status: "none" | "installed" | "removed";
  /** Kept after removal: the app id stays this actor's, so a re-install continues its journal. */
  readonly appId?: string;
  readonly content?: AppContent;
};

export const initialAppState = (): AppState => ({ status: "none" });

export const evolveApp = (state: AppState, event: AppEvent): AppState => {
  switch (event.type) {
    case "AppInstalled":
    case "AppUpgraded":
      return { status: "installed", appId: event.data.appId, content: event.data };
    case "AppRemoved":
      return { status: "removed", appId: state.appId };
  }
};

/** The routes an installed app holds, as `<METHOD> <route>` (its natural key `route`). */
export const routeKeysOf = (state: AppState): string[] | undefined =>
  state.status === "installed"
    ? state.content!.manifest.ingresses.map((i) => routeKey(i.properties.httpMethod, i.properties.route))
    : undefined;

export const routeKey = (method: string, route: string) => `${method} ${route}`;
