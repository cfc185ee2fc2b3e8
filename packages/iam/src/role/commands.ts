export type RoleCommand =
  | { readonly type: "define"; readonly description: string; readonly acl: readonly string[] }
  | { readonly type: "change"; readonly description: string; readonly acl: readonly string[] }
  | { readonly type: "delete" };
