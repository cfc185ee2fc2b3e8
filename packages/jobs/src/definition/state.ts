import type { JobDefinitionEvent } from "./events.ts";
import type { DefinitionOverride, DefinitionSpec, Writer } from "./spec.ts";

export type JobDefinitionState = {
  readonly status: "none" | "active" | "deleted";
  /** Kept after deletion: the id stays this actor's, so a re-create continues its journal. */
  readonly definitionId?: string;
  readonly origin?: "api" | "app";
  readonly appId?: string;
  /** The app journal version last applied (kept after withdrawal): older deliveries are ignored. */
  readonly appVersion?: number;
  readonly spec?: DefinitionSpec;
  readonly override?: DefinitionOverride;
  readonly writer?: Writer;
  /** Who turned on or changed the schedule of an app-provided definition by an override. */
  readonly overrider?: Writer;
};

export const initialJobDefinitionState = (): JobDefinitionState => ({ status: "none" });

export const evolveJobDefinition = (s: JobDefinitionState, e: JobDefinitionEvent): JobDefinitionState => {
  switch (e.type) {
    case "JobDefinitionCreated":
      return {
        status: "active",
        definitionId: e.data.definitionId,
        origin: "api",
        spec: e.data.spec,
        writer: e.data.writer,
      };
    case "JobDefinitionChanged":
      return { ...s, spec: e.data.spec, writer: e.data.writer };
    case "JobDefinitionDeleted":
      return { status: "deleted", definitionId: s.definitionId };
    case "JobDefinitionProvided":
      return {
        ...s,
        status: "active",
        definitionId: e.data.definitionId,
        origin: "app",
        appId: e.data.appId,
        appVersion: e.data.appVersion,
        spec: e.data.spec,
        writer: e.data.writer,
      };
    case "JobDefinitionOverridden":
      if (Object.keys(e.data.override).length === 0) return { ...s, override: undefined, overrider: undefined };
      return { ...s, override: e.data.override, overrider: e.data.overrider ?? s.overrider };
    case "JobDefinitionWithdrawn":
      return {
        status: "deleted",
        definitionId: s.definitionId,
        origin: "app",
        appId: e.data.appId,
        appVersion: e.data.appVersion,
      };
  }
};
