import { DomainError, sameJson } from "@platform/kernel";
import type { GraphFieldCommand } from "./commands.ts";
import type { GraphFieldEvent } from "./events.ts";
import type { GraphFieldState } from "./state.ts";

/**
 * The custom graph field decider. A definition is asserted whole (the same one again records
 * nothing); the indexer's report counts only for the index the definition is on now, once.
 */
export const decideGraphField = (c: GraphFieldCommand, s: GraphFieldState): GraphFieldEvent[] => {
  switch (c.type) {
    case "define":
      if (s.status !== "active")
        return [
          { type: "GraphFieldDefined", data: { node: c.node, name: c.name, spec: c.spec, indexName: c.indexName } },
        ];
      if (sameJson(s.spec, c.spec)) return [];
      return [{ type: "GraphFieldRedefined", data: { spec: c.spec, indexName: c.indexName } }];
    case "delete":
      if (s.status !== "active") throw new DomainError("NOT_FOUND", "Graph field not found");
      return [{ type: "GraphFieldDeleted", data: { indexName: s.indexName ?? "" } }];
    case "recordIndex":
      if (s.status !== "active" || s.indexName !== c.indexName) return [];
      if (c.error === null)
        return s.index === "ready" ? [] : [{ type: "GraphFieldIndexed", data: { indexName: c.indexName } }];
      return s.index === "failed" && s.indexError === c.error
        ? []
        : [{ type: "GraphFieldIndexFailed", data: { indexName: c.indexName, error: c.error } }];
  }
};
