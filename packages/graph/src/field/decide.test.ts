import { describe, it } from "vitest";
import { givenFor } from "@platform/actor-runtime/testing";
import type { CustomFieldSpec } from "../custom/source.ts";
import type { GraphFieldCommand } from "./commands.ts";
import { decideGraphField } from "./decide.ts";
import type { GraphFieldEvent } from "./events.ts";
import { evolveGraphField, initialGraphFieldState } from "./state.ts";
import type { GraphFieldState } from "./state.ts";

const { given } = givenFor<GraphFieldState, GraphFieldCommand, GraphFieldEvent>({
  decide: decideGraphField,
  evolve: evolveGraphField,
  initialState: initialGraphFieldState,
});

const spec: CustomFieldSpec = { type: "text", source: "dynamic.region" };
const define = (over: Partial<CustomFieldSpec> = {}, indexName = "gcf_a"): GraphFieldCommand => ({
  type: "define",
  node: "sending",
  name: "region",
  spec: { ...spec, ...over },
  indexName,
});
const defined: GraphFieldEvent = {
  type: "GraphFieldDefined",
  data: { node: "sending", name: "region", spec, indexName: "gcf_a" },
};
const indexed: GraphFieldEvent = { type: "GraphFieldIndexed", data: { indexName: "gcf_a" } };

describe("graph field decider", () => {
  it("defines a field", () => given([]).when(define()).then([defined]));
  it("records nothing for the same definition", () => given([defined]).when(define()).then([]));
  it("redefines it with a new index", () =>
    given([defined, indexed])
      .when(define({ type: "number" }, "gcf_b"))
      .then([
        {
          type: "GraphFieldRedefined",
          data: { spec: { type: "number", source: "dynamic.region" }, indexName: "gcf_b" },
        },
      ]));
  it("defines it anew after a delete", () =>
    given([defined, { type: "GraphFieldDeleted", data: { indexName: "gcf_a" } }])
      .when(define())
      .then([defined]));
  it("deletes a field, naming its index", () =>
    given([defined])
      .when({ type: "delete" })
      .then([{ type: "GraphFieldDeleted", data: { indexName: "gcf_a" } }]));
  it("refuses to delete what does not exist", () => given([]).when({ type: "delete" }).thenRejects("NOT_FOUND"));
  it("records the index once ready", () =>
    given([defined]).when({ type: "recordIndex", indexName: "gcf_a", error: null }).then([indexed]));
  it("records a ready index only once", () =>
    given([defined, indexed]).when({ type: "recordIndex", indexName: "gcf_a", error: null }).then([]));
  it("ignores the report on an index the field has moved on from", () =>
    given([
      defined,
      { type: "GraphFieldRedefined", data: { spec: { type: "number", source: "dynamic.n" }, indexName: "gcf_b" } },
    ])
      .when({ type: "recordIndex", indexName: "gcf_a", error: null })
      .then([]));
  it("ignores a report on a deleted field", () =>
    given([defined, { type: "GraphFieldDeleted", data: { indexName: "gcf_a" } }])
      .when({ type: "recordIndex", indexName: "gcf_a", error: null })
      .then([]));
  it("records a failure, and the same failure once", () =>
    given([defined])
      .when({ type: "recordIndex", indexName: "gcf_a", error: "disk full" })
      .then([{ type: "GraphFieldIndexFailed", data: { indexName: "gcf_a", error: "disk full" } }]));
  it("does not record the same failure twice", () =>
    given([defined, { type: "GraphFieldIndexFailed", data: { indexName: "gcf_a", error: "disk full" } }])
      .when({ type: "recordIndex", indexName: "gcf_a", error: "disk full" })
      .then([]));
});
