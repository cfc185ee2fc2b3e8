import { DomainError, sameJson } from "@platform/kernel";
import type { JobDefinitionCommand } from "./commands.ts";
import type { JobDefinitionEvent } from "./events.ts";
import type { JobDefinitionState } from "./state.ts";

const appOwned = (id: string) =>
  new DomainError("FORBIDDEN", `Job definition ${id} is provided by an app: only PATCH (a tenant override) reaches it`);

/**
 * The job definition decider. API definitions are asserted and deleted; app-provided ones
 * (`apps/<appId>/<id>`) follow their app and take only a tenant override.
 */
export const decideJobDefinition = (c: JobDefinitionCommand, s: JobDefinitionState): JobDefinitionEvent[] => {
  switch (c.type) {
    case "assert":
      if (s.origin === "app" && s.status === "active") throw appOwned(c.definitionId);
      if (s.status !== "active")
        return [
          { type: "JobDefinitionCreated", data: { definitionId: c.definitionId, spec: c.spec, writer: c.writer } },
        ];
      if (sameJson(s.spec, c.spec) && sameJson(s.writer, c.writer)) return [];
      return [{ type: "JobDefinitionChanged", data: { spec: c.spec, writer: c.writer } }];
    case "delete":
      if (s.status !== "active") throw new DomainError("NOT_FOUND", `Job definition ${c.definitionId} not found`);
      if (s.origin === "app") throw appOwned(c.definitionId);
      return [{ type: "JobDefinitionDeleted", data: { definitionId: c.definitionId } }];
    case "provide": {
      if (s.status === "active" && s.origin === "api")
        throw new DomainError("CONFLICT", `Job definition ${c.definitionId} is not app ${c.appId}'s`);
      if (s.appVersion !== undefined && c.appVersion <= s.appVersion) return [];
      if (s.status === "active" && s.appId === c.appId && sameJson(s.spec, c.spec) && sameJson(s.writer, c.writer))
        return [];
      const { type: _, ...data } = c;
      return [{ type: "JobDefinitionProvided", data }];
    }
    case "withdraw":
      if (s.status !== "active" || s.origin !== "app" || (s.appVersion !== undefined && c.appVersion <= s.appVersion))
        return [];
      return [
        {
          type: "JobDefinitionWithdrawn",
          data: { definitionId: c.definitionId, appId: c.appId, appVersion: c.appVersion },
        },
      ];
    case "override":
      if (s.status !== "active") throw new DomainError("NOT_FOUND", "Job definition not found");
      if (s.origin !== "app")
        throw new DomainError("INVALID_STATE", "Only an app-provided definition takes an override");
      if (sameJson(s.override ?? {}, c.override)) return [];
      return [
        {
          type: "JobDefinitionOverridden",
          data: {
            override: c.override,
            ...(c.overrider && Object.keys(c.override).length ? { overrider: c.overrider } : {}),
          },
        },
      ];
  }
};
