import { sql } from "kysely";
import type { Projection } from "@platform/actor-runtime";
import type { PrincipalEvent, PrincipalProperties } from "../principal/events.ts";
import { principalEventTypes } from "../principal/events.ts";
import { storedPhone } from "@platform/kernel";

const idOf = (streamId: string) => streamId.slice("principal-".length);
const json = (v: unknown) => JSON.stringify(v);

// A rebuild reads an erased principal's events with these fields null; its row goes with PrincipalDeleted.
const propertyColumns = (p: PrincipalProperties) => ({
  name: p.name ?? "",
  email: p.email ?? "",
  email_lower: (p.email ?? "").toLowerCase(),
  // Events recorded before phones were E.164 cannot be rewritten; their reading is.
  phone: p.phone && storedPhone(p.phone),
  picture: p.picture,
  settings: json(p.settings ?? {}),
});

/** Builds iam_principals from principal events (ETag = stream version). */
export const principalsProjection: Projection = {
  name: "iam-principals",
  eventTypes: principalEventTypes,
  apply: async (trx, events) => {
    for (const raw of events) {
      const e = raw as unknown as PrincipalEvent & { streamId: string; version: number };
      const id = idOf(raw.streamId);
      const version = raw.version;
      const update = (set: Record<string, unknown>) =>
        trx
          .updateTable("iam_principals")
          .set({ ...set, version })
          .where("id", "=", id)
          .execute();
      switch (e.type) {
        case "PrincipalCreated": {
          const row = {
            id,
            version,
            ...propertyColumns(e.data.properties),
            roles: json(e.data.roles),
            acl: json(e.data.acl),
            access_attributes: json(e.data.accessAttributes),
            created_at: e.data.at,
            updated_at: e.data.at,
            suspended_at: null,
            password_login: false,
            password_expires_at: null,
          };
          await trx
            .insertInto("iam_principals")
            .values(row)
            .onConflict((oc) => oc.column("id").doUpdateSet(row))
            .execute();
          break;
        }
        case "PrincipalReplaced":
          await update({
            ...propertyColumns(e.data.properties),
            updated_at: raw.metadata.at,
            roles: json(e.data.roles),
            acl: json(e.data.acl),
            access_attributes: json(e.data.accessAttributes),
          });
          break;
        case "PrincipalPropertiesChanged":
          await update({ ...propertyColumns(e.data.properties), updated_at: raw.metadata.at });
          break;
        case "PrincipalRolesChanged":
          await update({ roles: json(e.data.roles) });
          break;
        case "PrincipalAclChanged":
          await update({ acl: json(e.data.acl) });
          break;
        case "PrincipalSuspended":
          await update({ suspended_at: e.data.at });
          break;
        case "PrincipalReactivated":
          await update({ suspended_at: null });
          break;
        case "PrincipalPasswordSet":
          await update({ password_login: true, password_expires_at: e.data.expiresAt });
          break;
        case "PrincipalDeleted":
        case "PrincipalErased":
          await trx.deleteFrom("iam_principals").where("id", "=", id).execute();
          break;
      }
    }
  },
  reset: async (trx) => {
    await sql`DELETE FROM iam_principals`.execute(trx);
  },
};
