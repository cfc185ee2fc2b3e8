import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createClientWithToken, createPrincipalWithToken, iamTestContext } from "@platform/iam/testing";
import { graphContext } from "../index.ts";

// Data identities are named `gq …`; callers `caller …`; IAM's boot adds the system client `portal`.
let t: TestPlatform;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const marks: Record<string, string> = {};
const pause = () => new Promise((r) => setTimeout(r, 5));

beforeAll(async () => {
  t = await createTestPlatform([iamTestContext(), graphContext]);
  const caller = async (key: string, scope: string[], accessAttributes: Record<string, string[]> = {}) => {
    tokens[key] = (
      await createPrincipalWithToken(t, { name: `caller ${key}`, acl: ["graph:*", "iam:*"], scope, accessAttributes })
    ).token;
  };
  await caller("all", ["graph:*"]);
  await caller("none", ["iam:*"]);
  await caller("principalOnly", ["graph/principal:query"]);
  await caller("identity", ["graph/identity:query"]);
  await caller("fields", ["graph/principal:query", "graph/principal:field", "graph/client:query"]);
  await caller("web", ["graph:*"], { channelKey: ["web"] });
  await caller("shopEu", ["graph:*"], { channelKey: ["shop", "web"], region: ["eu"] });
  await caller("tenant", ["graph:*"], { tenant: ["t1"] });
  const principal = async (key: string, name: string, roles: string[], accessAttributes: Record<string, string[]>) => {
    await pause();
    ids[key] = (
      await createPrincipalWithToken(t, { name, email: `${key}@gq.test`, roles, accessAttributes })
    ).principalId;
    marks[key] = new Date().toISOString();
  };
  const client = async (key: string, name: string, roles: string[], accessAttributes: Record<string, string[]>) => {
    await pause();
    ids[key] = (
      await createClientWithToken(t, {
        id: `gq-${key}`,
        name,
        roles,
        scopes: ["graph/identity:query"],
        accessAttributes,
      })
    ).clientId;
    marks[key] = new Date().toISOString();
  };
  // Oldest first: alice, bob, ingest, carol, export, dave.
  await principal("alice", "gq Alice Archer", ["gq-editor", "gq-viewer"], { channelKey: ["web"] });
  await principal("bob", "gq Bob Baker", ["gq-viewer"], { channelKey: ["shop"], region: ["eu"] });
  await client("ingest", "gq Ingest Bot", ["gq-editor"], { channelKey: ["web"] });
  await principal("carol", "gq Carol Cook", [], {});
  await client("export", "gq Export Bot", [], { region: ["eu"] });
  await principal("dave", "gq Dave Dahl", ["gq-admin"], { channelKey: ["web", "shop"] });
  await pause();
});
afterAll(() => t?.close());

type Node = Record<string, unknown>;
type Err = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
type Filter = { field: string; op: string; value: unknown };
const post = (body: unknown, token = tokens.all!) => t.request("POST", "/resources/graph/query", { token, body });
const GQ: Filter = { field: "name", op: "startsWith", value: "gq " };
/** Shape A: the nodes' names (newest first). */
const names = async (filters: Filter[], token = tokens.all!, limit?: number) => {
  const r = await post({ resource: "identity", filters, ...(limit ? { limit } : {}) }, token);
  expect(r.status).toBe(200);
  return ((await r.json()) as { nodes: Node[] }).nodes.map((n) => n.name);
};
const fail = async (body: unknown, token = tokens.all!) => {
  const r = await post(body, token);
  return { status: r.status, body: (await r.json()) as Err };
};
const edge = async (q: Record<string, unknown>, token = tokens.all!) => {
  const r = await post([{ alias: "q", ...q }], token);
  expect(r.status).toBe(200);
  return ((await r.json()) as Record<string, { nodes: Node[]; count?: number; lastCursor: string | null }>).q!;
};
const ALICE = "gq Alice Archer",
  BOB = "gq Bob Baker",
  INGEST = "gq Ingest Bot",
  CAROL = "gq Carol Cook",
  EXPORT = "gq Export Bot",
  DAVE = "gq Dave Dahl";

describe("Shape A on identity", () => {
  it(
    "answers every identity newest first with the edge's default fields; type tells principal " + "from client",
    async () => {
      const r = await post({ resource: "identity", filters: [GQ] });
      expect(r.status).toBe(200);
      const { nodes } = (await r.json()) as { nodes: Node[] };
      expect(nodes.map((n) => [n.name, n.type])).toEqual([
        [DAVE, "principal"],
        [EXPORT, "client"],
        [CAROL, "principal"],
        [INGEST, "client"],
        [BOB, "principal"],
        [ALICE, "principal"],
      ]);
      for (const n of nodes)
        expect(Object.keys(n).sort()).toEqual([
          "accessAttributes",
          "createdAt",
          "email",
          "id",
          "name",
          "phone",
          "roles",
          "suspendedAt",
          "type",
        ]);
      expect(nodes[4]).toEqual({
        id: ids.bob,
        type: "principal",
        name: BOB,
        email: "bob@gq.test",
        phone: null,
        roles: ["gq-viewer"],
        accessAttributes: { channelKey: ["shop"], region: ["eu"] },
        suspendedAt: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      });
      expect(nodes[3]).toEqual({
        id: "gq-ingest",
        type: "client",
        name: INGEST,
        email: null,
        phone: null,
        roles: ["gq-editor"],
        accessAttributes: { channelKey: ["web"] },
        suspendedAt: null,
        createdAt: expect.any(String),
      });
      expect(await names([{ field: "type", op: "eq", value: "client" }])).toEqual([EXPORT, INGEST, "Portal"]);
    },
  );

  it("eq, ne, lt, lte, gt, gte compare exactly", async () => {
    expect(await names([{ field: "email", op: "eq", value: "bob@gq.test" }])).toEqual([BOB]);
    expect(await names([{ field: "email", op: "eq", value: "BOB@gq.test" }])).toEqual([]);
    expect(await names([GQ, { field: "type", op: "ne", value: "principal" }])).toEqual([EXPORT, INGEST]);
    // Nullable email: a client's null differs from any value.
    expect(await names([GQ, { field: "email", op: "ne", value: "bob@gq.test" }])).toEqual([
      DAVE,
      EXPORT,
      CAROL,
      INGEST,
      ALICE,
    ]);
    expect(await names([GQ, { field: "name", op: "lt", value: "gq Carol Cook" }])).toEqual([BOB, ALICE]);
    expect(await names([GQ, { field: "name", op: "lte", value: "gq Carol Cook" }])).toEqual([CAROL, BOB, ALICE]);
    expect(await names([{ field: "createdAt", op: "gt", value: marks.ingest }])).toEqual([DAVE, EXPORT, CAROL]);
    const [carol] = (
      (await (await post({ resource: "identity", filters: [{ field: "id", op: "eq", value: ids.carol }] })).json()) as {
        nodes: Node[];
      }
    ).nodes;
    expect(await names([{ field: "createdAt", op: "gte", value: carol!.createdAt }])).toEqual([DAVE, EXPORT, CAROL]);
    expect(await names([{ field: "createdAt", op: "gt", value: carol!.createdAt }])).toEqual([DAVE, EXPORT]);
    expect(await names([GQ, { field: "createdAt", op: "lt", value: marks.bob }])).toEqual([BOB, ALICE]);
    expect(await names([GQ, { field: "createdAt", op: "lte", value: carol!.createdAt }])).toEqual([
      CAROL,
      INGEST,
      BOB,
      ALICE,
    ]);
  });

  it("contains, startsWith, endsWith ignore case; in takes a list", async () => {
    expect(await names([{ field: "name", op: "contains", value: "BOT" }])).toEqual([EXPORT, INGEST]);
    expect(await names([{ field: "name", op: "startsWith", value: "GQ B" }])).toEqual([BOB]);
    expect(await names([{ field: "email", op: "endsWith", value: "@GQ.TEST" }])).toEqual([DAVE, CAROL, BOB, ALICE]);
    expect(await names([{ field: "name", op: "contains", value: "%" }])).toEqual([]);
    expect(await names([{ field: "name", op: "in", value: [ALICE, EXPORT, "nobody"] }])).toEqual([EXPORT, ALICE]);
    expect(await names([{ field: "name", op: "in", value: [] }])).toEqual([]);
    expect(await names([{ field: "roles", op: "in", value: ["gq-admin", "gq-editor"] }])).toEqual([
      DAVE,
      INGEST,
      ALICE,
    ]);
  });

  it("ANDs several filters and honours limit", async () => {
    expect(
      await names([
        GQ,
        { field: "roles", op: "contains", value: "EDIT" },
        { field: "type", op: "eq", value: "principal" },
      ]),
    ).toEqual([ALICE]);
    expect(
      await names([
        { field: "roles", op: "startsWith", value: "gq-" },
        { field: "createdAt", op: "gt", value: marks.alice },
        { field: "createdAt", op: "lt", value: marks.carol },
      ]),
    ).toEqual([INGEST, BOB]);
    expect(await names([GQ], tokens.all, 2)).toEqual([DAVE, EXPORT]);
    expect(await names([GQ], tokens.all, 1)).toEqual([DAVE]);
  });

  it("refuses bad queries with 400 VALIDATION_FAILED naming the spot", async () => {
    const path = async (body: unknown) => {
      const r = await fail(body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("VALIDATION_FAILED");
      return r.body.error.details;
    };
    expect(await path({ resource: "widgets" })).toEqual([
      { path: "resource", message: "must be one of principals, clients, identity" },
    ]);
    expect(await path({ resource: "identity", filters: [GQ, { field: "colour", op: "eq", value: "red" }] })).toEqual([
      { path: "filters.1", message: "unknown field 'colour'" },
    ]);
    expect(await path({ resource: "identity", filters: [{ field: "name", op: "like", value: "x" }] })).toEqual([
      { path: "filters.0.op", message: "must be one of eq, ne, lt, lte, gt, gte, contains, startsWith, endsWith, in" },
    ]);
    expect(
      await path({ resource: "identity", filters: [GQ, { field: "name", op: "in", value: "gq Bob Baker" }] }),
    ).toEqual([{ path: "filters.1.value", message: "in needs an array of values" }]);
    expect(await path({ resource: "identity", filters: [{ field: "name", op: "eq", value: ["a"] }] })).toEqual([
      { path: "filters.0.value", message: "eq takes one value, not an array" },
    ]);
    expect(await path({ resource: "identity", filters: [{ field: "createdAt", op: "gt", value: 5 }] })).toEqual([
      { path: "filters.0", message: "createdAt is an instant (a quoted ISO 8601 string), not 5" },
    ]);
    expect(await path({ resource: "identity", filters: [{ field: "roles", op: "lt", value: "a" }] })).toEqual([
      { path: "filters.0", message: "< cannot compare roles" },
    ]);
    expect(
      await path({ resource: "identity", filters: [{ field: "accessAttributes", op: "eq", value: "a" }] }),
    ).toEqual([{ path: "filters.0", message: "accessAttributes cannot be filtered" }]);
    expect(await path({ resource: "identity", limit: 101 })).toEqual([
      { path: "limit", message: "must be at most 100" },
    ]);
    expect(await path({ resource: "identity", limit: 0 })).toEqual([{ path: "limit", message: "must be at least 1" }]);
  });

  it("needs graph/identity:query (403), a token's scope narrowing its identity's permissions", async () => {
    expect(await fail({ resource: "identity" }, tokens.none)).toEqual({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: "Requires graph:query or graph/<node>:query" } },
    });
    expect(await fail({ resource: "identity" }, tokens.principalOnly)).toEqual({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: "Requires graph/identity:query for the identity edge" } },
    });
    expect(await names([GQ], tokens.identity)).toEqual([DAVE, EXPORT, CAROL, INGEST, BOB, ALICE]);
    expect((await fail([{ edge: "principals" }], tokens.identity)).status).toBe(403);
    expect((await t.request("POST", "/resources/graph/query", { body: { resource: "identity" } })).status).toBe(401);
  });

  it("shows a restricted caller the identities sharing a value for every attribute it is restricted on", async () => {
    expect(await names([GQ], tokens.web)).toEqual([DAVE, INGEST, ALICE]);
    expect(await names([GQ], tokens.shopEu)).toEqual([BOB]);
    expect(await names([GQ], tokens.tenant)).toEqual([]);
    // Callers are identities too: `caller web` and `caller shopEu` share channelKey web.
    expect(await names([{ field: "name", op: "startsWith", value: "caller" }], tokens.web)).toEqual([
      "caller shopEu",
      "caller web",
    ]);
    expect(await names([{ field: "type", op: "eq", value: "client" }], tokens.web)).toEqual([INGEST]);
    expect(
      await edge(
        { edge: "principals", filter: 'name startsWith "gq"', count: true, node: { fields: ["name"] } },
        tokens.web,
      ),
    ).toEqual({
      nodes: [{ name: DAVE }, { name: ALICE }],
      count: 2,
      countEstimated: false,
      lastCursor: expect.any(String),
    });
    expect(await edge({ edge: "clients", count: true, node: { fields: ["name"] } }, tokens.shopEu)).toEqual({
      nodes: [],
      count: 0,
      countEstimated: false,
      lastCursor: null,
    });
  });
});

describe("Shape B on principals and clients", () => {
  const gq = (f: string) => `name startsWith "gq" and (${f})`;
  const principalNames = async (filter: string) =>
    (await edge({ edge: "principals", filter: gq(filter), node: { fields: ["name"] } })).nodes.map((n) => n.name);
  const clientNames = async (filter: string) =>
    (await edge({ edge: "clients", filter, node: { fields: ["name"] } })).nodes.map((n) => n.name);

  it("matches a textList when some element matches; != when no element equals", async () => {
    expect(await principalNames('roles contains "EDIT"')).toEqual([ALICE]);
    expect(await principalNames('roles startsWith "gq-v"')).toEqual([BOB, ALICE]);
    expect(await principalNames('roles endsWith "-admin"')).toEqual([DAVE]);
    expect(await principalNames('roles == "gq-viewer"')).toEqual([BOB, ALICE]);
    expect(await principalNames('roles != "gq-viewer"')).toEqual([DAVE, CAROL]);
    expect(await principalNames('not roles == "gq-viewer" and roles != "gq-admin"')).toEqual([CAROL]);
    expect(await principalNames('roles in ["gq-admin", "gq-editor"]')).toEqual([DAVE, ALICE]);
    expect(await clientNames('roles contains "edit"')).toEqual([INGEST]);
    expect(await clientNames('roles != "gq-editor"')).toEqual([EXPORT, "Portal"]);
    expect(await clientNames('scopes == "graph/identity:query"')).toEqual([EXPORT, INGEST]);
    expect(await clientNames("isSystem == true")).toEqual(["Portal"]);
    expect(
      await clientNames('isSystem == false and grantTypes == "client_credentials" and type == "service_account"'),
    ).toEqual([EXPORT, INGEST]);
  });

  it("shows the principals' settings only with graph/principal:field", async () => {
    const q = [{ edge: "principals", filter: 'email == "carol@gq.test"', node: { fields: ["name", "settings"] } }];
    expect(await fail(q, tokens.principalOnly)).toEqual({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: "Field settings of principals requires graph/principal:field" } },
    });
    expect((await fail([{ edge: "principals", filter: 'settings == "x"' }], tokens.principalOnly)).status).toBe(403);
    const order = await fail([{ edge: "principals", orderBy: "settings" }], tokens.fields);
    expect([order.status, order.body.error.details]).toEqual([
      400,
      [{ path: "0.orderBy", message: "settings cannot be ordered by" }],
    ]);
    const withField = await post(q, tokens.fields);
    expect(withField.status).toBe(200);
    expect(await withField.json()).toEqual({
      principals: { nodes: [{ name: CAROL, settings: {} }], lastCursor: expect.any(String) },
    });
    const plain = await edge({ edge: "principals", filter: 'email == "carol@gq.test"' }, tokens.principalOnly);
    expect(Object.keys(plain.nodes[0]!).sort()).toEqual([
      "accessAttributes",
      "acl",
      "createdAt",
      "email",
      "id",
      "name",
      "passwordExpiresAt",
      "passwordLogin",
      "phone",
      "picture",
      "roles",
      "suspendedAt",
    ]);
  });

  it("orders by name asc and pages with after, counting every match", async () => {
    const page = (after?: string | null) =>
      edge({
        edge: "principals",
        filter: 'name startsWith "gq"',
        orderBy: "name asc",
        limit: 2,
        count: true,
        node: { fields: ["name"] },
        ...(after ? { after } : {}),
      });
    const p1 = await page();
    expect([p1.nodes, p1.count]).toEqual([[{ name: ALICE }, { name: BOB }], 4]);
    const p2 = await page(p1.lastCursor);
    expect([p2.nodes, p2.count]).toEqual([[{ name: CAROL }, { name: DAVE }], 4]);
    expect(await page(p2.lastCursor)).toEqual({ nodes: [], count: 4, countEstimated: false, lastCursor: null });
    const desc = await edge({
      edge: "clients",
      filter: "isSystem == false",
      orderBy: "name desc",
      limit: 1,
      node: { fields: ["name"] },
    });
    expect(desc.nodes).toEqual([{ name: INGEST }]);
    const rest = await edge({
      edge: "clients",
      filter: "isSystem == false",
      orderBy: "name desc",
      limit: 2,
      after: desc.lastCursor,
      node: { fields: ["name"] },
    });
    expect(rest).toEqual({ nodes: [{ name: EXPORT }], lastCursor: expect.any(String) });
    const wrongOrder = await fail([{ edge: "clients", orderBy: "createdAt desc", after: desc.lastCursor }]);
    expect([wrongOrder.status, wrongOrder.body.error.details]).toEqual([
      400,
      [{ path: "0.after", message: "not a cursor of this query's order" }],
    ]);
  });
});
