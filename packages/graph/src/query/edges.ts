import type { GraphEdge, GraphField } from "@platform/host";

export type OrderSpec = { readonly name: string; readonly field: GraphField; readonly direction: "asc" | "desc" };

/** An edge ready to query: its fields by name (a Map: names are data, never object keys). */
export type EdgeEntry = {
  readonly edge: GraphEdge;
  readonly fields: ReadonlyMap<string, GraphField>;
  readonly id: GraphField;
  readonly defaultOrder: OrderSpec;
  /** The fields a query without `node.fields` answers: every unrestricted one. */
  readonly defaultFields: readonly string[];
};

const SORTABLE = new Set(["text", "number", "boolean", "instant"]);

/**
 * `<field> [asc|desc]` against an edge's fields, looked up through `field` (which may refuse
 * one the caller may not read); what is wrong with it otherwise, as text.
 */
export const orderOf = (lookup: (name: string) => GraphField | undefined, text: string): OrderSpec | string => {
  const [name = "", dir = "asc", ...rest] = text.trim().split(/\s+/);
  const direction = dir.toLowerCase();
  const field = lookup(name);
  if (!field) return `unknown field '${name}'`;
  if (!SORTABLE.has(field.type)) return `${name} cannot be ordered by`;
  if (rest.length > 0 || (direction !== "asc" && direction !== "desc")) return "must be '<field> [asc|desc]'";
  return { name, field, direction };
};

/**
 * The edges of every context by name. A context's mistake (two edges of one name, an id that
 * is not a text field, a default order that is no field) fails the boot, never a request.
 */
export const createEdgeRegistry = (edges: readonly GraphEdge[]): ReadonlyMap<string, EdgeEntry> => {
  const byName = new Map<string, EdgeEntry>();
  for (const edge of edges) {
    if (byName.has(edge.edge)) throw new Error(`Graph edge ${edge.edge} is contributed twice`);
    const fields = new Map(Object.entries(edge.fields));
    const id = fields.get(edge.idField);
    if (!id || id.type !== "text" || id.nullable)
      throw new Error(`Graph edge ${edge.edge}: idField ${edge.idField} must be a non-null text field`);
    const defaultOrder = orderOf((name) => fields.get(name), edge.defaultOrder);
    if (typeof defaultOrder === "string") throw new Error(`Graph edge ${edge.edge}: defaultOrder ${defaultOrder}`);
    const defaultFields = [...fields].filter(([, f]) => !f.restricted).map(([name]) => name);
    byName.set(edge.edge, { edge, fields, id, defaultOrder, defaultFields });
  }
  return byName;
};

/**
 * The entry with the node's registered custom fields beside its own (a custom field never
 * shadows a built-in one: the registry refuses such names, and the built-in wins here).
 */
export const withCustomFields = (entry: EdgeEntry, custom: ReadonlyMap<string, GraphField> | undefined): EdgeEntry => {
  if (!custom || custom.size === 0) return entry;
  const fields = new Map(custom);
  for (const [name, field] of entry.fields) fields.set(name, field);
  return { ...entry, fields };
};
