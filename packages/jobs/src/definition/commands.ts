import type { DefinitionOverride, DefinitionSpec, Writer } from "./spec.ts";

/**
 * `assert` (PUT, and PATCH on an API definition: the merged whole) and `delete` are the API's;
 * `provide` and `withdraw` follow the app that brings the definition (with the app's journal
 * version, so a late or repeated delivery never undoes a newer one); `override` is a PATCH of an
 * app-provided definition.
 */
export type JobDefinitionCommand =
  | { readonly type: "assert"; readonly definitionId: string; readonly spec: DefinitionSpec; readonly writer: Writer }
  | { readonly type: "delete"; readonly definitionId: string }
  | {
      readonly type: "provide";
      readonly definitionId: string;
      readonly appId: string;
      readonly appVersion: number;
      readonly spec: DefinitionSpec;
      readonly writer: Writer;
    }
  | { readonly type: "withdraw"; readonly definitionId: string; readonly appId: string; readonly appVersion: number }
  /**
   * `overrider`: who turned the schedule on or changed it with this override (its runs act within that identity's
   * rights too).
   */
  | { readonly type: "override"; readonly override: DefinitionOverride; readonly overrider?: Writer };
