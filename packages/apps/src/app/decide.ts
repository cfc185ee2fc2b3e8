import { DomainError, sameJson } from "@platform/kernel";
import type { AppCommand } from "./commands.ts";
import type { AppEvent } from "./events.ts";
import type { AppState } from "./state.ts";

const sameInstaller = (a: AppState["content"], b: AppState["content"]) => sameJson(a?.installedBy, b?.installedBy);

/**
 * Install on an app that is not installed (new, or removed before) → AppInstalled; on an
 * installed one → AppUpgraded, unless the same content by the same installer (nothing to do).
 */
export const decideApp = (command: AppCommand, state: AppState): AppEvent[] => {
  switch (command.type) {
    case "install": {
      const { content } = command;
      if (content.manifest.id !== content.appId)
        throw new DomainError("VALIDATION_FAILED", "The manifest is for another app", [
          { path: "manifest.id", message: `must equal '${content.appId}'` },
        ]);
      if (state.appId !== undefined && state.appId !== content.appId)
        throw new DomainError("CONFLICT", `This actor is app '${state.appId}'`);
      if (state.status !== "installed") return [{ type: "AppInstalled", data: content }];
      if (state.content!.digest === content.digest && sameInstaller(state.content, content)) return [];
      return [{ type: "AppUpgraded", data: content }];
    }
    case "remove":
      if (state.status !== "installed") throw new DomainError("NOT_FOUND", `App ${command.appId} not found`);
      return [{ type: "AppRemoved", data: { appId: command.appId } }];
  }
};
