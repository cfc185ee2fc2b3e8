import { Hono } from "hono";
import * as v from "valibot";
import { bearerAuth, getCaller, readJson, validate } from "@platform/http";
import { readOnlyRequest } from "@platform/db";
import { DomainError, isDomainError } from "@platform/kernel";
import type { PlatformDeps } from "@platform/host";
import type { Comparator, FilterNode, Literal } from "../filter/ast.ts";
import { EdgeQueries, ResourceQuery } from "../contract/schemas.ts";
import { planQuery } from "../query/plan.ts";
import type { Plan } from "../query/plan.ts";
import type { SnapshotRunner } from "../query/execute.ts";
import { withCustomFields } from "../query/edges.ts";
import type { EdgeEntry } from "../query/edges.ts";
import type { CustomFieldSet, FieldRegistry } from "../custom/registry.ts";
import { ports } from "@platform/ports";

const OPS: Readonly<Record<string, Comparator>> = {
  eq: "==",
  ne: "!=",
  lt: "<",
  lte: "<=",
  gt: ">",
  gte: ">=",
  contains: "contains",
  startsWith: "startsWith",
  endsWith: "endsWith",
};

const literal = (value: unknown): Literal =>
  value === null
    ? { kind: "null" }
    : typeof value === "string"
      ? { kind: "string", value }
      : typeof value === "number"
        ? { kind: "number", value }
        : { kind: "boolean", value: value as boolean };

/** Shape A's filters as one AND of comparisons; each node's position is its index in `filters`. */
const resourceFilter = (filters: v.InferOutput<typeof ResourceQuery>["filters"]): FilterNode | null => {
  const nodes = (filters ?? []).map((f, at): FilterNode => {
    if (f.op === "in") {
      if (!Array.isArray(f.value))
        throw new DomainError("VALIDATION_FAILED", `filters.${at}.value: in needs an array`, [
          { path: `filters.${at}.value`, message: "in needs an array of values" },
        ]);
      return { kind: "in", field: f.field, values: f.value.map(literal), at };
    }
    if (Array.isArray(f.value))
      throw new DomainError("VALIDATION_FAILED", `filters.${at}.value: only in takes an array`, [
        { path: `filters.${at}.value`, message: `${f.op} takes one value, not an array` },
      ]);
    return { kind: "compare", field: f.field, op: OPS[f.op]!, value: literal(f.value), at };
  });
  return nodes.length === 0 ? null : nodes.length === 1 ? nodes[0]! : { kind: "and", operands: nodes };
};

const unknownEdge = (path: string, name: string, edges: ReadonlyMap<string, EdgeEntry>) =>
  new DomainError(
    "VALIDATION_FAILED",
    `${path.replace(/^\d+\./, "")}: unknown ${path.endsWith("resource") ? "resource" : "edge"} '${name}'`,
    [{ path, message: `must be one of ${[...edges.keys()].join(", ")}` }],
  );

/**
 * POST /resources/graph/query (docs/GRAPH.md): Shape A, `{resource, filters, limit}` →
 * `{nodes}`; Shape B, an array of edge queries → `{<alias>: {nodes, count?, lastCursor}}`.
 * Every query is checked (edge, fields, filter, permissions) before any runs, and all run over
 * one snapshot.
 */
export const graphQueryRoutes = (
  deps: PlatformDeps,
  edges: ReadonlyMap<string, EdgeEntry>,
  snapshots: SnapshotRunner,
  registry: FieldRegistry,
) =>
  new Hono().post(
    "/resources/graph/query",
    bearerAuth(() => deps.ports.get(ports.authenticator)),
    async (c) => {
      // Only reads: with standbys (DATABASE_READ_URLS) it may read there, as a GET does.
      readOnlyRequest();
      const caller = getCaller(c);
      // A caller holding no graph permission at all learns nothing, not even which edges exist.
      if (![...edges.values()].some((e) => caller.can(`graph/${e.edge.node}`, "query")))
        throw new DomainError("FORBIDDEN", "Requires graph:query or graph/<node>:query");
      const body = await readJson(c);
      const entryOf = (custom: CustomFieldSet, name: string) => {
        const entry = edges.get(name);
        return entry && withCustomFields(entry, custom.get(entry.edge.node));
      };
      // Planned with the cached registry; a query naming a field registered a moment ago in
      // another process is planned once more with the registry read afresh.
      const planned = async <T>(plan: (custom: CustomFieldSet) => T): Promise<T> => {
        try {
          return plan(await registry.current());
        } catch (e) {
          if (!isDomainError(e) || e.code !== "VALIDATION_FAILED") throw e;
          return plan(await registry.current({ fresh: true }));
        }
      };
      if (!Array.isArray(body)) {
        const q = validate(ResourceQuery, body);
        const plan = await planned((custom) => {
          const entry = entryOf(custom, q.resource);
          if (!entry) throw unknownEdge("resource", q.resource, edges);
          return planQuery(entry, caller, { alias: "nodes", filter: resourceFilter(q.filters), limit: q.limit }, "");
        });
        const answer = await snapshots.run([plan]);
        return c.json({ nodes: answer.nodes!.nodes });
      }
      const queries = validate(EdgeQueries, body);
      const plans = await planned((custom) => {
        const aliases = new Set<string>();
        return queries.map((q, i): Plan => {
          const entry = entryOf(custom, q.edge);
          if (!entry) throw unknownEdge(`${i}.edge`, q.edge, edges);
          const alias = q.alias ?? q.edge;
          if (aliases.has(alias))
            throw new DomainError("VALIDATION_FAILED", `alias: '${alias}' is used twice`, [
              { path: `${i}.alias`, message: `'${alias}' is used by an earlier query` },
            ]);
          aliases.add(alias);
          return planQuery(
            entry,
            caller,
            {
              alias,
              filter: q.filter ?? null,
              orderBy: q.orderBy,
              count: q.count,
              fields: q.node?.fields,
              limit: q.limit,
              after: q.after,
            },
            `${i}.`,
          );
        });
      });
      return c.json(await snapshots.run(plans));
    },
  );
