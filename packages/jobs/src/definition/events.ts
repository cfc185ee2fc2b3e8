import type { DefinitionOverride, DefinitionSpec, Writer } from "./spec.ts";

export type JobDefinitionEvent =
  | {
      readonly type: "JobDefinitionCreated";
      readonly data: { readonly definitionId: string; readonly spec: DefinitionSpec; readonly writer: Writer };
    }
  | { readonly type: "JobDefinitionChanged"; readonly data: { readonly spec: DefinitionSpec; readonly writer: Writer } }
  | { readonly type: "JobDefinitionDeleted"; readonly data: { readonly definitionId: string } }
  /** An app's install or upgrade brought this definition (the author's default; an override stays). */
  | {
      readonly type: "JobDefinitionProvided";
      readonly data: {
        readonly definitionId: string;
        readonly appId: string;
        readonly appVersion: number;
        readonly spec: DefinitionSpec;
        readonly writer: Writer;
      };
    }
  /**
   * A tenant's override of an app-provided definition; `{}` when every field is back to the
   * author's. `overrider`: who turned its schedule on or changed it (absent: the schedule's
   * author stays as it was).
   */
  | {
      readonly type: "JobDefinitionOverridden";
      readonly data: { readonly override: DefinitionOverride; readonly overrider?: Writer };
    }
  /** The app was removed, or its new version no longer brings this definition: default and override go. */
  | {
      readonly type: "JobDefinitionWithdrawn";
      readonly data: { readonly definitionId: string; readonly appId: string; readonly appVersion: number };
    };

export const jobDefinitionEventTypes: readonly JobDefinitionEvent["type"][] = [
  "JobDefinitionCreated",
  "JobDefinitionChanged",
  "JobDefinitionDeleted",
  "JobDefinitionProvided",
  "JobDefinitionOverridden",
  "JobDefinitionWithdrawn",
];
