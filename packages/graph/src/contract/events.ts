import * as v from "valibot";
import { decideAll } from "@platform/kernel";
import { CUSTOM_FIELD_TYPES } from "../custom/source.ts";
import type { GraphFieldCommand } from "../field/commands.ts";
import { decideGraphField } from "../field/decide.ts";
import type { GraphFieldEvent } from "../field/events.ts";
import { evolveGraphField, initialGraphFieldState } from "../field/state.ts";

type EventDataSchemas<E extends { readonly type: string; readonly data: unknown }> = {
  readonly [T in E["type"]]: v.GenericSchema<unknown, Extract<E, { type: T }>["data"]>;
};

const spec = v.object({
  type: v.picklist(CUSTOM_FIELD_TYPES),
  source: v.pipe(v.string(), v.description("dynamic.<path>, parameters.<path>, …")),
});
const indexName = v.pipe(
  v.string(),
  v.description("The expression index the field is queried through (gcf_<node>_<name>_<hash>)"),
);

/**
 * The `data` of every event the graph field actor appends (field/events.ts). Published as schemas/events/graph.json.
 */
export const graphEventSchemas = {
  GraphFieldDefined: v.object({ node: v.string(), name: v.string(), spec, indexName }),
  GraphFieldRedefined: v.object({ spec, indexName }),
  GraphFieldIndexed: v.object({ indexName }),
  GraphFieldIndexFailed: v.object({ indexName, error: v.string() }),
  GraphFieldDeleted: v.object({ indexName }),
} as unknown as EventDataSchemas<GraphFieldEvent>;

/** Real events from the decider: a field defined, indexed, redefined, its build failed, then deleted. */
export const sampleGraphEvents = (): GraphFieldEvent[] =>
  decideAll({ decide: decideGraphField, evolve: evolveGraphField, initialState: initialGraphFieldState }, [
    {
      type: "define",
      node: "sending",
      name: "region",
      spec: { type: "text", source: "dynamic.region" },
      indexName: "gcf_sending_region_0a1b2c3d4e",
    },
    { type: "recordIndex", indexName: "gcf_sending_region_0a1b2c3d4e", error: null },
    {
      type: "define",
      node: "sending",
      name: "region",
      spec: { type: "number", source: "dynamic.regionCode" },
      indexName: "gcf_sending_region_5f6a7b8c9d",
    },
    { type: "recordIndex", indexName: "gcf_sending_region_5f6a7b8c9d", error: "could not extend file" },
    { type: "delete" },
  ] satisfies GraphFieldCommand[]);
