/**
 * What a context contributes to the graph query API (packages/graph): a read-model table its
 * rows come from, the fields a query may select, filter and order by, and how the caller's
 * access attributes narrow the rows. The graph context knows no table but through these.
 *
 * Every SQL fragment here is written by the contributing context, never built from input; the
 * graph compiles a caller's filter to parameters around them.
 */
export type GraphFieldType = "text" | "number" | "boolean" | "instant" | "textList" | "json";

export type GraphField = {
  /** A SQL expression over the row source (aliased `t`), for example `t.created_at`. */
  readonly sql: string;
  /**
   * text, number, boolean, instant (compared as instants): filter and order; textList (a jsonb
   * array of strings): filter, an operator matching when some element matches; json: select only.
   */
  readonly type: GraphFieldType;
  /** Whether the value may be null (the compiler keeps filters two-valued with it). */
  readonly nullable?: boolean;
  /** A free-form payload, readable only with `graph/<node>:field` (as well as `:query`). */
  readonly restricted?: boolean;
};

/**
 * How access attributes narrow an edge, exactly as the list of the same records does:
 * - `values`: a record carries one value per attribute in these columns (an order's
 *   `channel_key`); a caller restricted on an attribute sees only records whose value is one
 *   of its own, records without one are hidden, and a restriction on an attribute the records
 *   do not carry hides them all (attributesAllow).
 * - `sets`: a jsonb column of attribute → string[] (identities); a restricted caller sees the
 *   records sharing a value with it for every attribute it is restricted on.
 * - `none`: the records carry no attribute values and their list is not narrowed.
 */
export type GraphAccess =
  | { readonly kind: "values"; readonly columns: Readonly<Record<string, string>> }
  | { readonly kind: "sets"; readonly column: string }
  | { readonly kind: "none" };

export type GraphEdge = {
  /** The edge's name in a query (`sendings`); `identity` is Shape A's resource. */
  readonly edge: string;
  /** The node's name in permissions (`graph/<node>:query`) and in custom fields (`sending`). */
  readonly node: string;
  /** The row source: a table name or a parenthesised SELECT; aliased `t`. */
  readonly from: string;
  /** The field identifying a row (unique, non-null text): the tiebreak of every order and cursor. */
  readonly idField: string;
  readonly fields: Readonly<Record<string, GraphField>>;
  /** The order without `orderBy`, for example `createdAt desc`. */
  readonly defaultOrder: string;
  readonly access: GraphAccess;
  /**
   * Where custom graph fields of this node take their values (docs/GRAPH.md): a source's root
   * (`dynamic` in `dynamic.region`) and the jsonb column of `from` (then a plain table) it
   * names. A node without it takes no custom fields. Custom fields are always restricted
   * (`graph/<node>:field`), whatever the column.
   */
  readonly customSources?: Readonly<Record<string, string>>;
};
