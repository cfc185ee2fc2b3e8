export type RoleEvent =
  | {
      readonly type: "RoleDefined";
      readonly data: { readonly description: string; readonly acl: readonly string[]; readonly at: string };
    }
  | { readonly type: "RoleChanged"; readonly data: { readonly description: string; readonly acl: readonly string[] } }
  | { readonly type: "RoleDeleted"; readonly data: { readonly at: string } };

export const roleEventTypes: readonly RoleEvent["type"][] = ["RoleDefined", "RoleChanged", "RoleDeleted"];
