import type { CustomFieldSpec } from "../custom/source.ts";

/**
 * `define` (PUT: a field's whole definition, with the index it is built on) and `delete` are the
 * registry API's; `recordIndex` is the indexer's report on a definition's index (packages/graph
 * custom/indexer.ts), ignored once the definition has moved on to another index.
 */
export type GraphFieldCommand =
  | {
      readonly type: "define";
      readonly node: string;
      readonly name: string;
      readonly spec: CustomFieldSpec;
      readonly indexName: string;
    }
  | { readonly type: "delete" }
  | { readonly type: "recordIndex"; readonly indexName: string; readonly error: string | null };
