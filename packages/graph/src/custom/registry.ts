import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import type { GraphEdge, GraphField } from "@platform/host";
import { allFields } from "../read-model/queries.ts";
import { customGraphField, parseSource } from "./source.ts";

/** Every node's registered fields, as the graph queries them. */
export type CustomFieldSet = ReadonlyMap<string, ReadonlyMap<string, GraphField>>;

/** The registry as the graph's planner reads it: cached, and fresh when asked. */
export type FieldRegistry = {
  /** The registered fields; `fresh` reads them again (after a miss, a PUT or a DELETE). */
  current(opts?: { readonly fresh?: boolean }): Promise<CustomFieldSet>;
};

/** How long another process's PUT or DELETE may go unseen by a query that names no new field. */
const MAX_AGE_MS = 1000;

/**
 * The registered fields, read from graph_fields at most once a second (queries of a field
 * another process just registered read it at once: a plan naming an unknown field is planned
 * again with `fresh`). A row whose source no longer fits its edge is left out.
 */
export const createFieldRegistry = (db: Kysely<AnyDB>, edges: readonly GraphEdge[]): FieldRegistry => {
  const byNode = new Map(edges.map((e) => [e.node, e]));
  let cached: { readonly at: number; readonly set: Promise<CustomFieldSet> } | undefined;
  const load = async (): Promise<CustomFieldSet> => {
    const set = new Map<string, Map<string, GraphField>>();
    for (const row of await allFields(db)) {
      const edge = byNode.get(row.node);
      const parsed = edge && parseSource(edge, row.source);
      if (!parsed || typeof parsed === "string") continue;
      const fields = set.get(row.node) ?? new Map<string, GraphField>();
      fields.set(row.name, customGraphField(parsed, row.type));
      set.set(row.node, fields);
    }
    return set;
  };
  return {
    current: (opts) => {
      const now = performance.now();
      if (!cached || opts?.fresh || now - cached.at > MAX_AGE_MS) {
        const set = load();
        cached = { at: now, set };
        // A failed read is not kept: the next query tries again.
        set.catch(() => {
          if (cached?.set === set) cached = undefined;
        });
      }
      return cached.set;
    },
  };
};
