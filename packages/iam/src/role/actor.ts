import { defineActor } from "@platform/actor-runtime";
import type { RoleCommand } from "./commands.ts";
import { decideRole } from "./decide.ts";
import type { RoleEvent } from "./events.ts";
import { roleEventTypes } from "./events.ts";
import { evolveRole, initialRoleState } from "./state.ts";
import type { RoleState } from "./state.ts";

/** A custom role; its id is the role key (`namespace:capability`). Built-in `system:` roles are not actors. */
export const roleActor = defineActor<RoleState, RoleCommand, RoleEvent>({
  type: "role",
  // Read only through IAM's own routes and permissions (iam/…:read and the access attributes).
  actorApi: false,
  exists: (s) => s.status === "active",
  lifecycle: { created: ["RoleDefined"], deleted: ["RoleDeleted"] },
  eventTypes: roleEventTypes,
  typeReadableBy: (reader) => reader.can("iam/roles", "read"),
  identifiers: (id) => ({ key: id }),
  readableBy: (reader) => reader.can("iam/roles", "read"),
  decider: { initialState: initialRoleState, decide: decideRole, evolve: evolveRole },
  messages: {},
});
