import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { sendingsContext } from "@platform/sendings";
import { ordersContext } from "@platform/orders";
import { graphContext } from "../index.ts";

// SMTP_URL unset: every sending stays pending; statuses beyond that are the operator tests' job.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform([
    staticAuthContext({
      graph: { scope: ["graph:*", "sendings:*"] },
      query: { scope: ["graph/sending:query"] },
      fields: { scope: ["graph/sending:query", "graph/sending:field"] },
      orders: { scope: ["graph/order:query"] },
      none: { scope: ["sendings:*"] },
      web: { scope: ["graph:*"], attributes: { channelKey: ["web"] } },
      region: { scope: ["graph:*"], attributes: { region: ["eu"] } },
    }),
    sendingsContext,
    ordersContext,
    graphContext,
  ]);
  for (const [i, channelKey] of ["web", "web", "shop", undefined, "web"].entries()) {
    const dynamic = channelKey ? { channelKey, n: i } : { n: i };
    const r = await t.request("POST", "/resources/sendings/email", {
      token: "graph",
      body: {
        to: `r${i}@example.test`,
        subject: `S${i}`,
        body: { plainText: "x" },
        category: i % 2 ? "odd" : "even",
        dynamic,
      },
    });
    expect(r.status).toBe(202);
  }
});
afterAll(() => t.close());

type Err = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
type Answer = Record<string, { nodes: Record<string, unknown>[]; count?: number; lastCursor: string | null }>;
const query = (body: unknown, token = "graph") => t.request("POST", "/resources/graph/query", { token, body });
const ok = async (body: unknown, token = "graph") => {
  const r = await query(body, token);
  expect(r.status).toBe(200);
  return (await r.json()) as Answer;
};
const error = async (body: unknown, token = "graph") => {
  const r = await query(body, token);
  return { status: r.status, body: (await r.json()) as Err };
};

describe("Shape B on the sendings edge", () => {
  it("answers nodes with the selected fields, a count and a cursor, newest first", async () => {
    const a = await ok([
      {
        edge: "sendings",
        alias: "even",
        filter: 'category == "even"',
        count: true,
        node: { fields: ["recipient", "category"] },
      },
    ]);
    expect(a).toEqual({
      even: {
        nodes: [
          { recipient: "r4@example.test", category: "even" },
          { recipient: "r2@example.test", category: "even" },
          { recipient: "r0@example.test", category: "even" },
        ],
        count: 3,
        countEstimated: false,
        lastCursor: expect.any(String),
      },
    });
  });

  it("pages with limit and after, and counts every match regardless of the page", async () => {
    const first = await ok([
      {
        edge: "sendings",
        alias: "p",
        orderBy: "recipient asc",
        limit: 2,
        count: true,
        node: { fields: ["recipient"] },
      },
    ]);
    expect(first.p!.nodes).toEqual([{ recipient: "r0@example.test" }, { recipient: "r1@example.test" }]);
    expect(first.p!.count).toBe(5);
    const second = await ok([
      {
        edge: "sendings",
        alias: "p",
        orderBy: "recipient asc",
        limit: 2,
        after: first.p!.lastCursor,
        node: { fields: ["recipient"] },
      },
    ]);
    expect(second.p!.nodes).toEqual([{ recipient: "r2@example.test" }, { recipient: "r3@example.test" }]);
    const third = await ok([
      {
        edge: "sendings",
        alias: "p",
        orderBy: "recipient asc",
        limit: 2,
        after: second.p!.lastCursor,
        node: { fields: ["recipient"] },
      },
    ]);
    expect(third.p!.nodes).toEqual([{ recipient: "r4@example.test" }]);
    const done = await ok([
      { edge: "sendings", alias: "p", orderBy: "recipient asc", limit: 2, after: third.p!.lastCursor },
    ]);
    expect(done.p).toEqual({ nodes: [], lastCursor: null });
  });

  it("runs several queries in one request, each under its alias", async () => {
    const a = await ok([
      { edge: "sendings", alias: "odd", filter: 'category == "odd"', count: true, node: { fields: ["subject"] } },
      { edge: "sendings", alias: "all", count: true, limit: 1, node: { fields: ["subject"] } },
    ]);
    expect(a.odd).toEqual({
      nodes: [{ subject: "S3" }, { subject: "S1" }],
      count: 2,
      countEstimated: false,
      lastCursor: expect.any(String),
    });
    expect(a.all).toEqual({
      nodes: [{ subject: "S4" }],
      count: 5,
      countEstimated: false,
      lastCursor: expect.any(String),
    });
  });

  it(
    "shows every unrestricted field when node.fields is absent, and dynamic only with " + "graph/sending:field",
    async () => {
      const a = await ok([{ edge: "sendings", alias: "s", limit: 1 }], "query");
      expect(Object.keys(a.s!.nodes[0]!).sort()).toEqual(
        [
          "sendingId",
          "recipient",
          "transport",
          "status",
          "category",
          "subject",
          "createdAt",
          "updatedAt",
          "sentAt",
          "errorMessage",
          "retryCount",
          "nextAttemptAt",
          "channelKey",
          "data",
        ].sort(),
      );
      expect(a.s!.nodes[0]).toMatchObject({
        recipient: "r4@example.test",
        status: "pending",
        retryCount: 0,
        sentAt: null,
        channelKey: "web",
        data: { cc: "", bcc: "" },
      });
      const denied = await error([{ edge: "sendings", node: { fields: ["recipient", "dynamic"] } }], "query");
      expect(denied).toEqual({
        status: 403,
        body: { error: { code: "FORBIDDEN", message: "Field dynamic of sendings requires graph/sending:field" } },
      });
      const filtered = await error([{ edge: "sendings", filter: 'recipient == "x" or dynamic == "x"' }], "query");
      expect(filtered.status).toBe(403);
      const granted = await ok([{ edge: "sendings", alias: "s", limit: 1, node: { fields: ["dynamic"] } }], "fields");
      expect(granted.s!.nodes).toEqual([{ dynamic: { channelKey: "web", n: 4 } }]);
    },
  );
});

describe("authorization and access attributes", () => {
  it("needs a graph permission, and the edge's own", async () => {
    expect(await error([{ edge: "sendings" }], "none")).toEqual({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: "Requires graph:query or graph/<node>:query" } },
    });
    expect(await error([{ edge: "sendings" }], "orders")).toEqual({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: "Requires graph/sending:query for the sendings edge" } },
    });
    expect((await query([{ edge: "sendings" }])).status).toBe(200);
    const anonymous = await t.request("POST", "/resources/graph/query", { body: [{ edge: "sendings" }] });
    expect(anonymous.status).toBe(401);
  });

  it("leaves out, and does not count, records outside the caller's values or without one", async () => {
    const a = await ok(
      [{ edge: "sendings", alias: "s", count: true, node: { fields: ["recipient", "channelKey"] } }],
      "web",
    );
    expect(a.s).toEqual({
      nodes: [
        { recipient: "r4@example.test", channelKey: "web" },
        { recipient: "r1@example.test", channelKey: "web" },
        { recipient: "r0@example.test", channelKey: "web" },
      ],
      count: 3,
      countEstimated: false,
      lastCursor: expect.any(String),
    });
    const none = await ok(
      [{ edge: "sendings", alias: "s", count: true, filter: 'channelKey == "shop" or channelKey == null' }],
      "web",
    );
    expect(none.s).toEqual({ nodes: [], count: 0, countEstimated: false, lastCursor: null });
    // Sendings carry no `region`: a caller restricted on it sees none, as in the list.
    const region = await ok([{ edge: "sendings", alias: "s", count: true }], "region");
    expect(region.s).toEqual({ nodes: [], count: 0, countEstimated: false, lastCursor: null });
    const list = await t.request("GET", "/resources/sendings", { token: "graph" });
    expect(((await list.json()) as { totalCount: number }).totalCount).toBe(5);
  });
});
