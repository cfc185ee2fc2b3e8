import { DomainError, assertNever, sameJson } from "@platform/kernel";
import { defineActor } from "@platform/actor-runtime";

export type RoleEvent =
  | { readonly type: "RoleDefined"; readonly data: { readonly description: string; readonly acl: readonly string[]; readonly at: string } }
  | { readonly type: "RoleChanged"; readonly data: { readonly description: string; readonly acl: readonly string[] } }
  | { readonly type: "RoleDeleted"; readonly data: { readonly at: string } };

export type RoleCommand =
  | { readonly type: "define"; readonly description: string; readonly acl: readonly string[] }
  | { readonly type: "change"; readonly description: string; readonly acl: readonly string[] }
  | { readonly type: "delete" };

export type RoleState = { readonly status: "none" | "active" | "deleted"; readonly description: string; readonly acl: readonly string[]; readonly createdAt: string | null };

export const roleEventTypes: readonly RoleEvent["type"][] = ["RoleDefined", "RoleChanged", "RoleDeleted"];

const initialState = (): RoleState => ({ status: "none", description: "", acl: [], createdAt: null });

/** A custom role; its id is the role key (`namespace:capability`). Built-in `system:` roles are not actors. */
export const roleActor = defineActor<RoleState, RoleCommand, RoleEvent>({
  type: "role",
  // Read only through IAM's own routes and permissions (iam/…:read and the access attributes).
  actorApi: false,
  exists: (s) => s.status === "active",
  lifecycle: { created: ["RoleDefined"], deleted: ["RoleDeleted"] },
  identifiers: (id) => ({ key: id }),
  decider: {
    initialState,
    decide: (c, s, ctx) => {
      const at = ctx.now.toISOString();
      if (c.type === "define") {
        if (s.status === "active") throw new DomainError("CONFLICT", "The role already exists");
        return { type: "RoleDefined", data: { description: c.description, acl: c.acl, at } };
      }
      if (s.status !== "active") throw new DomainError("NOT_FOUND", "Role not found");
      switch (c.type) {
        case "change":
          if (c.description === s.description && sameJson(c.acl, s.acl)) return [];
          return { type: "RoleChanged", data: { description: c.description, acl: c.acl } };
        case "delete":
          return { type: "RoleDeleted", data: { at } };
        default:
          return assertNever(c);
      }
    },
    evolve: (s, e) => {
      switch (e.type) {
        case "RoleDefined":
          return { status: "active", description: e.data.description, acl: e.data.acl, createdAt: e.data.at };
        case "RoleChanged":
          return { ...s, description: e.data.description, acl: e.data.acl };
        case "RoleDeleted":
          return { ...initialState(), status: "deleted" };
        default:
          return s;
      }
    },
  },
  messages: {},
});
