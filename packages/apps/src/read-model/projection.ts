import type { Projection } from "@platform/actor-runtime";
import type { AppEvent } from "../app/events.ts";

/** apps_apps: one row per installed app (its current version), for GET, the list and every process's ingress table. */
export const appsProjection: Projection = {
  name: "apps",
  eventTypes: ["AppInstalled", "AppUpgraded", "AppRemoved"],
  apply: async (trx, events) => {
    for (const recorded of events) {
      const e = { type: recorded.type, data: recorded.data } as AppEvent;
      const at = recorded.metadata.at;
      if (e.type === "AppRemoved") {
        await trx.deleteFrom("apps_apps").where("app_id", "=", e.data.appId).execute();
        continue;
      }
      const d = e.data;
      const row = {
        actor_id: recorded.streamId.slice("app-".length),
        name: d.manifest.name,
        manifest: JSON.stringify(d.manifest),
        components: JSON.stringify(d.components),
        files: d.files ? JSON.stringify(d.files) : null,
        digest: d.digest,
        installed_by: JSON.stringify(d.installedBy),
        version: recorded.version,
        updated_at: at,
      };
      await trx
        .insertInto("apps_apps")
        .values({ app_id: d.appId, ...row, installed_at: at })
        .onConflict((oc) =>
          oc.column("app_id").doUpdateSet(e.type === "AppInstalled" ? { ...row, installed_at: at } : row),
        )
        .execute();
    }
  },
  reset: async (trx) => void (await trx.deleteFrom("apps_apps").execute()),
};
