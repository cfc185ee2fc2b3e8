import { describe, expect, it } from "vitest";
import {
  ALICE,
  BOB,
  CAROL,
  DAVE,
  EXPORT,
  INGEST,
  edge,
  fail,
  post,
  tokens,
  useIdentityPlatform,
} from "./test-support/identity-fixture.ts";

useIdentityPlatform();

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
