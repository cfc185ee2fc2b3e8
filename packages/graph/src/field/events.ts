import type { CustomFieldSpec } from "../custom/source.ts";

/** A custom graph field's journal. When each happened is the event's `metadata.at`. */
export type GraphFieldEvent =
  | {
      readonly type: "GraphFieldDefined";
      readonly data: {
        readonly node: string;
        readonly name: string;
        readonly spec: CustomFieldSpec;
        readonly indexName: string;
      };
    }
  | {
      readonly type: "GraphFieldRedefined";
      readonly data: { readonly spec: CustomFieldSpec; readonly indexName: string };
    }
  | { readonly type: "GraphFieldIndexed"; readonly data: { readonly indexName: string } }
  | { readonly type: "GraphFieldIndexFailed"; readonly data: { readonly indexName: string; readonly error: string } }
  | { readonly type: "GraphFieldDeleted"; readonly data: { readonly indexName: string } };

export const graphFieldEventTypes: readonly GraphFieldEvent["type"][] = [
  "GraphFieldDefined",
  "GraphFieldRedefined",
  "GraphFieldIndexed",
  "GraphFieldIndexFailed",
  "GraphFieldDeleted",
];
