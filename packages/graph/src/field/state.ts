import type { CustomFieldSpec } from "../custom/source.ts";
import type { GraphFieldEvent } from "./events.ts";

/** Where a definition's index is: being built, usable, or failed (with why). */
export type IndexState = "building" | "ready" | "failed";

export type GraphFieldState = {
  readonly status: "none" | "active" | "deleted";
  readonly node: string;
  readonly name: string;
  readonly spec: CustomFieldSpec | null;
  readonly indexName: string | null;
  readonly index: IndexState;
  readonly indexError: string | null;
};

export const initialGraphFieldState = (): GraphFieldState => ({
  status: "none",
  node: "",
  name: "",
  spec: null,
  indexName: null,
  index: "building",
  indexError: null,
});

/** Folds one event; never mutates, ignores events it does not know. */
export const evolveGraphField = (s: GraphFieldState, e: GraphFieldEvent): GraphFieldState => {
  switch (e.type) {
    case "GraphFieldDefined":
      return {
        status: "active",
        node: e.data.node,
        name: e.data.name,
        spec: e.data.spec,
        indexName: e.data.indexName,
        index: "building",
        indexError: null,
      };
    case "GraphFieldRedefined":
      return { ...s, spec: e.data.spec, indexName: e.data.indexName, index: "building", indexError: null };
    case "GraphFieldIndexed":
      return { ...s, index: "ready", indexError: null };
    case "GraphFieldIndexFailed":
      return { ...s, index: "failed", indexError: e.data.error };
    case "GraphFieldDeleted":
      return { ...initialGraphFieldState(), status: "deleted", node: s.node, name: s.name };
    default:
      return s;
  }
};
