import type { RoleEvent } from "./events.ts";

export type RoleState = {
  readonly status: "none" | "active" | "deleted";
  readonly description: string;
  readonly acl: readonly string[];
  readonly createdAt: string | null;
};

export const initialRoleState = (): RoleState => ({ status: "none", description: "", acl: [], createdAt: null });

/** Folds an event into the state. */
export const evolveRole = (s: RoleState, e: RoleEvent): RoleState => {
  switch (e.type) {
    case "RoleDefined":
      return { status: "active", description: e.data.description, acl: e.data.acl, createdAt: e.data.at };
    case "RoleChanged":
      return { ...s, description: e.data.description, acl: e.data.acl };
    case "RoleDeleted":
      return { ...initialRoleState(), status: "deleted" };
    default:
      return s;
  }
};
