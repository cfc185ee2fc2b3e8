import { sql } from "kysely";
import type { Projection } from "@platform/actor-runtime";
import type { RoleEvent } from "../role/events.ts";
import { roleEventTypes } from "../role/events.ts";

/** Builds iam_roles from role events. Built-in roles are written at setup and survive a reset. */
export const rolesProjection: Projection = {
  name: "iam-roles",
  eventTypes: roleEventTypes,
  apply: async (trx, events) => {
    for (const raw of events) {
      const e = raw as unknown as RoleEvent;
      const key = raw.streamId.slice("role-".length);
      const version = raw.version;
      switch (e.type) {
        case "RoleDefined": {
          const row = {
            key,
            version,
            description: e.data.description,
            acl: JSON.stringify(e.data.acl),
            created_at: e.data.at,
            is_system: false,
          };
          await trx
            .insertInto("iam_roles")
            .values(row)
            .onConflict((oc) => oc.column("key").doUpdateSet(row))
            .execute();
          break;
        }
        case "RoleChanged":
          await trx
            .updateTable("iam_roles")
            .set({ version, description: e.data.description, acl: JSON.stringify(e.data.acl) })
            .where("key", "=", key)
            .execute();
          break;
        case "RoleDeleted":
          await trx.deleteFrom("iam_roles").where("key", "=", key).where("is_system", "=", false).execute();
          break;
      }
    }
  },
  reset: async (trx) => {
    await sql`DELETE FROM iam_roles WHERE NOT is_system`.execute(trx);
  },
};
