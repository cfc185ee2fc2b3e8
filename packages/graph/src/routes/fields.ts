import { Hono } from "hono";
import type { Context } from "hono";
import { initiatorOf, bearerAuth, getCaller, ifMatchVersion, jsonBody, parsePage, setEtag } from "@platform/http";
import { DomainError } from "@platform/kernel";
import type { GraphEdge, PlatformDeps } from "@platform/host";
import { FieldPutBody } from "../contract/schemas.ts";
import type { FieldRegistry } from "../custom/registry.ts";
import { FIELD_NAME, indexNameOf, parseSource } from "../custom/source.ts";
import { graphFieldId } from "../field/actor.ts";
import { fieldView, findField, listFields } from "../read-model/queries.ts";
import type { GatewayEnv } from "@platform/http";
import { ports } from "@platform/ports";

const BASE = "/resources/registry/graph/:node/fields";

const invalid = (path: string, message: string) =>
  new DomainError("VALIDATION_FAILED", `${path}: ${message}`, [{ path, message }]);

/**
 * The custom graph field registry (docs/GRAPH.md): `PUT/GET/DELETE
 * /resources/registry/graph/<node>/fields/<name>` and `GET …/fields`. Writing needs
 * `registry/graph/<node>:write` (`:delete` to delete); reading `registry/graph/<node>:read` or
 * `graph/<node>:query` (whoever may query a node may learn its fields). A field is answered with
 * its index's state: `building` until the indexer has built it, then `ready`.
 */
export const fieldRoutes = (deps: PlatformDeps, registry: FieldRegistry): Hono<GatewayEnv> => {
  const app = new Hono<GatewayEnv>();
  const auth = bearerAuth(() => deps.ports.get(ports.authenticator));
  app.use(BASE, auth);
  app.use(`${BASE}/*`, auth);
  const nodes = new Map(deps.graphEdges.map((e) => [e.node, e]));
  const resource = (node: string) => `registry/graph/${node}`;

  /**
   * The node's edge, once the caller may `permission` it (403 before 404: an unknown node is no secret but needs a
   * right to ask).
   */
  const edgeFor = (c: Context, permission: "read" | "write" | "delete"): GraphEdge => {
    const node = c.req.param("node")!;
    const caller = getCaller(c);
    if (!caller.can(resource(node), permission) && !(permission === "read" && caller.can(`graph/${node}`, "query")))
      throw new DomainError(
        "FORBIDDEN",
        `Requires ${resource(node)}:${permission}${permission === "read" ? ` or graph/${node}:query` : ""}`,
      );
    const edge = nodes.get(node);
    if (!edge) throw new DomainError("NOT_FOUND", `There is no graph node '${node}'`);
    return edge;
  };

  const found = async (edge: GraphEdge, name: string) => {
    const row = FIELD_NAME.test(name) ? await findField(deps.db.kysely, edge.node, name) : undefined;
    if (!row) throw new DomainError("NOT_FOUND", `Graph field ${edge.node}/${name} not found`);
    return row;
  };

  app.get(BASE, async (c) => {
    const edge = edgeFor(c, "read");
    return c.json(await listFields(deps.db.kysely, edge.node, parsePage(c.req.query())));
  });

  app.get(`${BASE}/:name`, async (c) => {
    const row = await found(edgeFor(c, "read"), c.req.param("name"));
    setEtag(c, row.version);
    return c.json(fieldView(row));
  });

  app.put(`${BASE}/:name`, async (c) => {
    const edge = edgeFor(c, "write");
    const name = c.req.param("name");
    if (!FIELD_NAME.test(name)) throw invalid("name", "must be a letter, then letters, digits and _ (at most 63)");
    if (Object.hasOwn(edge.fields, name)) throw invalid("name", `'${name}' is a built-in field of ${edge.edge}`);
    const body = await jsonBody(c, FieldPutBody);
    const spec = body.spec.value;
    const parsed = parseSource(edge, spec.source);
    if (typeof parsed === "string") throw invalid("spec.value.source", parsed);
    const id = graphFieldId(edge.node, name);
    const loaded = await deps.runtime.load("graph-field", id);
    const ifMatch = ifMatchVersion(c, { required: false });
    if (!loaded.exists && ifMatch !== undefined)
      throw new DomainError("CONFLICT", "If-Match does not match: the field does not exist");
    const command = {
      type: "define" as const,
      node: edge.node,
      name,
      spec,
      indexName: indexNameOf(edge.node, name, spec),
    };
    await deps.runtime.execute("graph-field", id, [command], initiatorOf(c), {
      existence: "any",
      expectedVersion: ifMatch ?? loaded.version,
    });
    await registry.current({ fresh: true });
    const row = await found(edge, name);
    setEtag(c, row.version);
    return c.json(fieldView(row), loaded.exists ? 200 : 201);
  });

  app.delete(`${BASE}/:name`, async (c) => {
    const edge = edgeFor(c, "delete");
    const name = c.req.param("name");
    const row = await found(edge, name);
    const ifMatch = ifMatchVersion(c, { required: false });
    await deps.runtime.execute("graph-field", graphFieldId(edge.node, name), [{ type: "delete" }], initiatorOf(c), {
      expectedVersion: ifMatch ?? row.version,
    });
    await registry.current({ fresh: true });
    return c.body(null, 204);
  });

  return app;
};
