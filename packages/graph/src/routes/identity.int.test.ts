import { describe, expect, it } from "vitest";
import {
  ALICE,
  BOB,
  CAROL,
  DAVE,
  EXPORT,
  GQ,
  INGEST,
  edge,
  fail,
  ids,
  marks,
  names,
  post,
  t,
  tokens,
  useIdentityPlatform,
} from "./test-support/identity-fixture.ts";
import type { Node } from "./test-support/identity-fixture.ts";

useIdentityPlatform();

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
