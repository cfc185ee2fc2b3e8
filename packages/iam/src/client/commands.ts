import type { AccessAttributes, ClientProperties } from "./events.ts";

export type ClientCommand =
  | {
      readonly type: "create";
      readonly properties: ClientProperties;
      readonly roles: readonly string[];
      readonly accessAttributes: AccessAttributes;
    }
  | { readonly type: "replace"; readonly properties: ClientProperties; readonly roles: readonly string[] }
  | { readonly type: "changeProperties"; readonly properties: ClientProperties }
  | { readonly type: "setRoles"; readonly roles: readonly string[] }
  | { readonly type: "setAccessAttributes"; readonly accessAttributes: AccessAttributes }
  | { readonly type: "suspend" }
  | { readonly type: "reactivate" }
  | {
      readonly type: "recordSecretCreated";
      readonly secretId: string;
      readonly description: string;
      readonly expiresAt: string | null;
    }
  | { readonly type: "recordSecretDeleted"; readonly secretId: string }
  | { readonly type: "delete" };
