import { sql } from "kysely";
import type { Projection } from "@platform/actor-runtime";
import type { GraphFieldEvent } from "../field/events.ts";
import { graphFieldKeyOf } from "../field/actor.ts";
import { graphFieldEventTypes } from "../field/events.ts";

/** Builds graph_fields (the registry the graph plans queries with) from the fields' journals. */
export const graphFieldsProjection: Projection = {
  name: "graph-fields",
  eventTypes: graphFieldEventTypes,
  apply: async (trx, events) => {
    for (const raw of events) {
      const e = raw as unknown as GraphFieldEvent;
      const { node, name } = graphFieldKeyOf(raw.streamId);
      const at = raw.metadata.at;
      const row = trx.updateTable("graph_fields").where("node", "=", node).where("name", "=", name);
      switch (e.type) {
        case "GraphFieldDefined": {
          const values = {
            node,
            name,
            type: e.data.spec.type,
            source: e.data.spec.source,
            index_name: e.data.indexName,
            index_state: "building",
            index_error: null,
            version: raw.version,
            created_at: at,
            updated_at: at,
          };
          await trx
            .insertInto("graph_fields")
            .values(values)
            .onConflict((oc) => oc.columns(["node", "name"]).doUpdateSet(values))
            .execute();
          break;
        }
        case "GraphFieldRedefined":
          await row
            .set({
              type: e.data.spec.type,
              source: e.data.spec.source,
              index_name: e.data.indexName,
              index_state: "building",
              index_error: null,
              version: raw.version,
              updated_at: at,
            })
            .execute();
          break;
        case "GraphFieldIndexed":
          await row.set({ index_state: "ready", index_error: null, version: raw.version }).execute();
          break;
        case "GraphFieldIndexFailed":
          await row.set({ index_state: "failed", index_error: e.data.error, version: raw.version }).execute();
          break;
        case "GraphFieldDeleted":
          await trx.deleteFrom("graph_fields").where("node", "=", node).where("name", "=", name).execute();
          break;
      }
    }
  },
  reset: async (trx) => {
    await sql`DELETE FROM graph_fields`.execute(trx);
  },
};
