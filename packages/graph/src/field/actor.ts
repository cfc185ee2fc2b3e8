import { defineActor } from "@platform/actor-runtime";
import type { GraphFieldCommand } from "./commands.ts";
import { decideGraphField } from "./decide.ts";
import type { GraphFieldEvent } from "./events.ts";
import { graphFieldEventTypes } from "./events.ts";
import { evolveGraphField, initialGraphFieldState } from "./state.ts";
import type { GraphFieldState } from "./state.ts";

/** A field's actor id: `<node>/<name>` (`sending/region`). */
export const graphFieldId = (node: string, name: string) => `${node}/${name}`;

/** A field's stream (`graph-field-sending/region`) → its node and name. */
export const graphFieldKeyOf = (streamId: string) => {
  const id = streamId.slice("graph-field-".length);
  const cut = id.indexOf("/");
  return { node: id.slice(0, cut), name: id.slice(cut + 1) };
};

/**
 * A custom graph field (docs/GRAPH.md): type `graph-field`, addressed by `<node>/<name>`. Kept
 * off the generic actor API: the registry's routes guard it (`registry/graph/<node>:*`).
 */
export const graphFieldActor = defineActor<GraphFieldState, GraphFieldCommand, GraphFieldEvent>({
  type: "graph-field",
  decider: { decide: decideGraphField, evolve: evolveGraphField, initialState: initialGraphFieldState },
  messages: {},
  exists: (s) => s.status === "active",
  lifecycle: { created: ["GraphFieldDefined"], deleted: ["GraphFieldDeleted"] },
  eventTypes: graphFieldEventTypes,
  typeReadableBy: (reader) => reader.can("registry/graph", "read"),
  identifiers: (id) => ({ key: id }),
  view: (s) => ({
    node: s.node,
    name: s.name,
    status: s.status,
    spec: s.spec,
    indexName: s.indexName,
    index: s.index,
    indexError: s.indexError,
  }),
  actorApi: false,
  readableBy: (reader, id) => reader.can(`registry/graph/${graphFieldKeyOf(`graph-field-${id}`).node}`, "read"),
});
