import type { PrincipalDefinition, PrincipalProperties } from "./events.ts";

export type PrincipalCommand =
  | { readonly type: "create"; readonly definition: PrincipalDefinition }
  | { readonly type: "replace"; readonly definition: PrincipalDefinition }
  | { readonly type: "changeProperties"; readonly properties: PrincipalProperties }
  | { readonly type: "setRoles"; readonly roles: readonly string[] }
  | { readonly type: "setAcl"; readonly acl: readonly string[] }
  | { readonly type: "suspend" }
  | { readonly type: "reactivate" }
  | { readonly type: "setPassword"; readonly temporary: boolean; readonly expiresAt: string | null }
  | { readonly type: "delete" }
  /** Deletes the principal if it is not yet, and records the erasure of its personal data. */
  | { readonly type: "erase" };
