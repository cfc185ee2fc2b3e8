import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { actorsContext } from "@platform/actor-api";
import { appsContext } from "@platform/apps";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { createJobsContext } from "@platform/jobs";
import { ordersContext } from "@platform/orders";
import { newDeliveryId, orderBody } from "@platform/orders/testing";
import { sendingsContext } from "@platform/sendings";
import { graphContext } from "../index.ts";

// "Now" is fixed: every job runs later, so all stay pending; all share one createdAt.
const clock = fixedClock("2026-03-02T09:00:00.000Z");
const report = componentSource(
  "return { day: params.day };",
  "{ day: { type: 'text' }, copies: { type: 'number', default: 1 }, channelKey: { type: ['text', 'nothing'] } }",
);
let t: TestPlatform;
const jobs: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestPlatform([
    staticAuthContext({
      admin: { scope: ["*"], id: "p-admin", isOwner: true },
      graph: { scope: ["graph:*"] },
      query: { scope: ["graph/job:query", "graph/jobDefinition:query", "graph/order:query"] },
      fields: { scope: ["graph/job:query", "graph/job:field"] },
      definitionsOnly: { scope: ["graph/jobDefinition:query"] },
      web: { scope: ["graph:*"], attributes: { channelKey: ["web"] } },
      region: { scope: ["graph:*"], attributes: { region: ["eu"] } },
    }),
    actorsContext,
    ordersContext,
    sendingsContext,
    appsContext,
    createJobsContext({ clock }),
    graphContext,
  ]);
  await install(t, appBody("shop", { report }));
  const definitions: [string, Record<string, unknown>][] = [
    ["reports/daily", { componentId: "shop/report" }],
    ["reports/weekly", { componentId: "report", queue: "slow", maxConcurrency: 2 }],
    ["reports/paused", { componentId: "shop/report", schedules: [{ cron: "0 3 * * *" }], scheduleSuspended: true }],
  ];
  for (const [id, body] of definitions)
    expect((await t.request("PUT", `/resources/job-definitions/${id}`, { token: "admin", body })).status).toBe(201);
  const seed: [string, string, string, string | undefined][] = [
    ["j1", "reports/daily", "2026-03-03T01:00:00.000Z", "web"],
    ["j2", "reports/daily", "2026-03-03T02:00:00.000Z", "shop"],
    ["j3", "reports/weekly", "2026-03-03T03:00:00.000Z", undefined],
    ["j4", "reports/weekly", "2026-03-03T04:00:00.000Z", "web"],
    ["j5", "reports/daily", "2026-03-04T00:00:00.000Z", "web"],
  ];
  for (const [key, jobDefinitionId, runAt, channelKey] of seed) {
    const r = await t.request("POST", "/resources/jobs", {
      token: "admin",
      body: { jobDefinitionId, runAt, parameters: { day: key, ...(channelKey ? { channelKey } : {}) } },
    });
    expect(r.status).toBe(201);
    jobs[key] = ((await r.json()) as { jobId: string }).jobId;
  }
  expect((await t.request("DELETE", `/resources/jobs/${jobs.j4}`, { token: "admin" })).status).toBe(204);

  /** One delivery without shipping, one line (quantity 1, tax factor 0.25) per price. */
  const commands = (...prices: number[]) => {
    const deliveryId = newDeliveryId();
    return [
      { type: "createDelivery", deliveryId, shippingPrice: 0 },
      {
        type: "setDeliveryAddress",
        deliveryId,
        name: "Ada",
        addressLine1: "Gatan 1",
        postalCode: "11151",
        city: "Stockholm",
        countryCode: "SE",
      },
      ...prices.map((unitPrice, i) => ({
        type: "createOrderLine",
        orderLineId: `line-${i}`,
        deliveryId,
        productNumber: `P-${i}`,
        description: "x",
        quantity: 1,
        unitPrice,
        taxFactor: 0.25,
        skus: { [`P-${i}`]: 1 },
      })),
    ];
  };
  const orders: [string, Record<string, unknown>][] = [
    ["O-1", { createdAt: "2026-01-01T10:00:00Z", channelKey: "web" }], // 2 × 99.50 + 49 shipping, tax included: gross 248
    ["O-2", { createdAt: "2026-01-02T10:00:00Z", channelKey: "shop", taxIncluded: false, commands: commands(10, 20) }], // net 30, gross 37.5
    ["O-3", { createdAt: "2026-01-03T10:00:00Z" }], // no channelKey: gross 248
    ["O-4", { createdAt: "2026-01-04T10:00:00Z", channelKey: "web", currencyCode: "EUR", commands: commands(5) }], // gross 5
  ];
  for (const [orderNumber, over] of orders) {
    const r = await t.request("POST", "/resources/actors/order/new", {
      token: "admin",
      body: [{ type: "create", body: orderBody(orderNumber, over) }],
    });
    expect(r.status, await r.clone().text()).toBeLessThan(300);
  }
});
afterAll(() => t?.close());

type Answer = { nodes: Record<string, unknown>[]; count?: number; lastCursor: string | null };
type Err = { error: { code: string; message: string; details: { path: string; message: string }[] } };
const post = (body: unknown, token: string) => t.request("POST", "/resources/graph/query", { token, body });
const one = async ({ filter, ...q }: Record<string, unknown>, token = "graph"): Promise<Answer> => {
  const r = await post([{ alias: "q", ...q, ...(filter ? { filter } : {}) }], token);
  expect(r.status, await r.clone().text()).toBe(200);
  return ((await r.json()) as Record<string, Answer>).q!;
};
const forbidden = async (q: Record<string, unknown>, token: string) => {
  const r = await post([q], token);
  return { status: r.status, body: await r.json() };
};
/** The jobs' `day` parameter names them: j1 … j5, by runAt. */
const jobKeys = async (filter: string, token = "graph") => {
  const a = await one({ edge: "jobs", filter, orderBy: "runAt asc", count: true, node: { fields: ["jobId"] } }, token);
  const byId = Object.fromEntries(Object.entries(jobs).map(([k, id]) => [id, k]));
  return { keys: a.nodes.map((n) => byId[n.jobId as string]), count: a.count };
};
const definitionIds = async (filter: string, token = "graph") =>
  (
    await one(
      { edge: "jobDefinitions", filter, orderBy: "jobDefinitionId asc", node: { fields: ["jobDefinitionId"] } },
      token,
    )
  ).nodes.map((n) => n.jobDefinitionId);
const orderNumbers = async (filter: string, token = "graph") => {
  const a = await one({ edge: "orders", filter, count: true, node: { fields: ["orderNumber"] } }, token);
  return { numbers: a.nodes.map((n) => n.orderNumber), count: a.count };
};

describe("the jobs edge", () => {
  it("filters on definition and status, and on runAt as instants", async () => {
    expect(await jobKeys('jobDefinitionId == "reports/daily"')).toEqual({ keys: ["j1", "j2", "j5"], count: 3 });
    expect(await jobKeys('status == "cancelled"')).toEqual({ keys: ["j4"], count: 1 });
    expect(await jobKeys('status != "cancelled" and jobDefinitionId startsWith "REPORTS/W"')).toEqual({
      keys: ["j3"],
      count: 1,
    });
    // 02:30+01:00 is 01:30Z; 04:00+01:00 is 03:00Z (inclusive).
    expect(await jobKeys('runAt > "2026-03-03T02:30:00+01:00" and runAt <= "2026-03-03T04:00:00+01:00"')).toEqual({
      keys: ["j2", "j3"],
      count: 2,
    });
    expect(await jobKeys('runAt >= "2026-03-04"')).toEqual({ keys: ["j5"], count: 1 });
    expect(await jobKeys('runAt < "2026-03-03T02:00:00Z" or runAt == "2026-03-04T01:00:00+01:00"')).toEqual({
      keys: ["j1", "j5"],
      count: 2,
    });
    expect(await jobKeys('channelKey == null or channelKey in ["shop"]')).toEqual({ keys: ["j2", "j3"], count: 2 });
    expect(await jobKeys('trigger == "api" and attempt == 0 and startedAt == null and finishedAt != null')).toEqual({
      keys: ["j4"],
      count: 1,
    });
    const bad = await post([{ edge: "jobs", filter: 'runAt > "tomorrow"' }], "graph");
    expect([bad.status, ((await bad.json()) as Err).error]).toEqual([
      400,
      {
        code: "VALIDATION_FAILED",
        message: 'filter: runAt is an instant; "tomorrow" is not an ISO 8601 instant at 0',
        details: [{ path: "0.filter", message: 'runAt is an instant; "tomorrow" is not an ISO 8601 instant at 0' }],
      },
    ]);
  });

  it("shows the unrestricted fields by default; parameters and result need graph/job:field", async () => {
    const a = await one({ edge: "jobs", filter: `jobId == "${jobs.j4}"` }, "query");
    expect(a.nodes).toEqual([
      {
        jobId: jobs.j4,
        jobDefinitionId: "reports/weekly",
        status: "cancelled",
        trigger: "api",
        runAt: "2026-03-03T04:00:00.000Z",
        createdAt: "2026-03-02T09:00:00.000Z",
        startedAt: null,
        finishedAt: "2026-03-02T09:00:00.000Z",
        attempt: 0,
        error: null,
        channelKey: "web",
      },
    ]);
    for (const field of ["parameters", "result"])
      expect(await forbidden({ edge: "jobs", node: { fields: ["jobId", field] } }, "query")).toEqual({
        status: 403,
        body: { error: { code: "FORBIDDEN", message: `Field ${field} of jobs requires graph/job:field` } },
      });
    const granted = await one(
      { edge: "jobs", filter: `jobId == "${jobs.j1}"`, node: { fields: ["parameters", "result"] } },
      "fields",
    );
    expect(granted.nodes).toEqual([{ parameters: { day: "j1", copies: 1, channelKey: "web" }, result: null }]);
  });

  it("leaves out, and does not count, jobs outside the caller's channelKey or without one", async () => {
    expect(await jobKeys("")).toEqual({ keys: ["j1", "j2", "j3", "j4", "j5"], count: 5 });
    expect(await jobKeys("", "web")).toEqual({ keys: ["j1", "j4", "j5"], count: 3 });
    expect(await jobKeys('channelKey != "web"', "web")).toEqual({ keys: [], count: 0 });
    expect(await jobKeys('status == "pending"', "web")).toEqual({ keys: ["j1", "j5"], count: 2 });
    // Jobs carry no `region`: a caller restricted on it sees none.
    expect(await jobKeys("", "region")).toEqual({ keys: [], count: 0 });
  });
});

describe("the jobDefinitions edge", () => {
  it("filters on componentId, queue and scheduleSuspended as a boolean", async () => {
    expect(await definitionIds('componentId == "shop/report"')).toEqual([
      "reports/daily",
      "reports/paused",
      "reports/weekly",
    ]);
    expect(await definitionIds('queue == "slow"')).toEqual(["reports/weekly"]);
    expect(await definitionIds('queue == "default"')).toEqual(["reports/daily", "reports/paused"]);
    expect(await definitionIds("scheduleSuspended == true")).toEqual(["reports/paused"]);
    expect(await definitionIds("scheduleSuspended == false")).toEqual(["reports/daily", "reports/weekly"]);
    expect(await definitionIds("maxConcurrency >= 2 or scheduleIsOverridden == true")).toEqual(["reports/weekly"]);
    expect(await definitionIds("maxConcurrency == null and appId == null")).toEqual([
      "reports/daily",
      "reports/paused",
    ]);
    const bad = await post([{ edge: "jobDefinitions", filter: 'scheduleSuspended == "true"' }], "graph");
    expect([bad.status, ((await bad.json()) as Err).error.details]).toEqual([
      400,
      [{ path: "0.filter", message: 'scheduleSuspended is a boolean, not "true" at 0' }],
    ]);
  });

  it("answers every definition's fields, and is not narrowed by access attributes", async () => {
    const a = await one({ edge: "jobDefinitions", filter: 'jobDefinitionId == "reports/paused"' }, "definitionsOnly");
    expect(a.nodes).toEqual([
      {
        jobDefinitionId: "reports/paused",
        componentId: "shop/report",
        appId: null,
        queue: "default",
        maxConcurrency: null,
        scheduleSuspended: true,
        scheduleConcurrency: "forbid",
        scheduleIsOverridden: false,
        schedules: [{ cron: "0 3 * * *" }],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    ]);
    for (const token of ["web", "region"])
      expect(await definitionIds("", token)).toEqual(["reports/daily", "reports/paused", "reports/weekly"]);
    expect(await forbidden({ edge: "jobs" }, "definitionsOnly")).toEqual({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: "Requires graph/job:query for the jobs edge" } },
    });
  });
});

describe("the orders edge", () => {
  it("filters orderNumber in [..], totals as numbers, taxIncluded and lineCount", async () => {
    expect(await orderNumbers('orderNumber in ["O-1", "O-3", "O-9"]')).toEqual({ numbers: ["O-3", "O-1"], count: 2 });
    expect(await orderNumbers("totalGross > 10")).toEqual({ numbers: ["O-3", "O-2", "O-1"], count: 3 });
    // As numbers, not text: "5" > "37.5" > "248" as text.
    expect(await orderNumbers("totalGross < 40")).toEqual({ numbers: ["O-4", "O-2"], count: 2 });
    expect(await orderNumbers("totalGross == 248 and totalNet == 208.2")).toEqual({
      numbers: ["O-3", "O-1"],
      count: 2,
    });
    expect(await orderNumbers("taxIncluded == false")).toEqual({ numbers: ["O-2"], count: 1 });
    expect(await orderNumbers("lineCount == 2 or lineCount >= 3")).toEqual({ numbers: ["O-2"], count: 1 });
    expect(await orderNumbers('currencyCode == "EUR" and totalTax == 1')).toEqual({ numbers: ["O-4"], count: 1 });
    const a = await one({
      edge: "orders",
      filter: 'orderNumber == "O-2"',
      node: {
        fields: [
          "taxIncluded",
          "lineCount",
          "deliveryCount",
          "totalNet",
          "totalTax",
          "totalGross",
          "channelKey",
          "status",
        ],
      },
    });
    expect(a.nodes).toEqual([
      {
        taxIncluded: false,
        lineCount: 2,
        deliveryCount: 1,
        totalNet: 30,
        totalTax: 7.5,
        totalGross: 37.5,
        channelKey: "shop",
        status: "open",
      },
    ]);
    const page = await one({ edge: "orders", orderBy: "totalGross desc", limit: 2, node: { fields: ["orderNumber"] } });
    const next = await one({
      edge: "orders",
      orderBy: "totalGross desc",
      limit: 2,
      after: page.lastCursor,
      node: { fields: ["orderNumber"] },
    });
    expect([...page.nodes, ...next.nodes].map((n) => n.orderNumber)).toEqual(["O-3", "O-1", "O-2", "O-4"]);
  });

  it("leaves out, and does not count, orders outside the caller's channelKey or without one", async () => {
    expect(await orderNumbers("", "web")).toEqual({ numbers: ["O-4", "O-1"], count: 2 });
    expect(await orderNumbers("totalGross > 10", "web")).toEqual({ numbers: ["O-1"], count: 1 });
    expect(await orderNumbers("", "region")).toEqual({ numbers: [], count: 0 });
  });
});

describe("several edges in one request", () => {
  it("answers jobs, jobDefinitions and orders together, each under its alias with its count", async () => {
    const body = [
      {
        edge: "jobs",
        alias: "pending",
        filter: 'status == "pending"',
        count: true,
        orderBy: "runAt desc",
        limit: 2,
        node: { fields: ["jobDefinitionId", "runAt"] },
      },
      {
        edge: "jobDefinitions",
        count: true,
        orderBy: "jobDefinitionId desc",
        limit: 1,
        node: { fields: ["jobDefinitionId"] },
      },
      { edge: "orders", alias: "taxed", filter: "taxIncluded == true", count: true, node: { fields: ["orderNumber"] } },
    ];
    const r = await post(body, "graph");
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      pending: {
        nodes: [
          { jobDefinitionId: "reports/daily", runAt: "2026-03-04T00:00:00.000Z" },
          { jobDefinitionId: "reports/weekly", runAt: "2026-03-03T03:00:00.000Z" },
        ],
        count: 4,
        countEstimated: false,
        lastCursor: expect.any(String),
      },
      jobDefinitions: {
        nodes: [{ jobDefinitionId: "reports/weekly" }],
        count: 3,
        countEstimated: false,
        lastCursor: expect.any(String),
      },
      taxed: {
        nodes: [{ orderNumber: "O-4" }, { orderNumber: "O-3" }, { orderNumber: "O-1" }],
        count: 3,
        countEstimated: false,
        lastCursor: expect.any(String),
      },
    });
    const web = await post(body, "web");
    expect(await web.json()).toMatchObject({
      pending: { count: 2 },
      jobDefinitions: { count: 3 },
      taxed: { nodes: [{ orderNumber: "O-4" }, { orderNumber: "O-1" }], count: 2 },
    });
    // One forbidden query refuses the whole request.
    const refused = await post(body, "fields");
    expect([refused.status, await refused.json()]).toEqual([
      403,
      { error: { code: "FORBIDDEN", message: "Requires graph/jobDefinition:query for the jobDefinitions edge" } },
    ]);
  });
});

describe("custom fields over jobs' parameters and orders' state", () => {
  const define = async (node: string, name: string, type: string, source: string) => {
    const r = await t.request("PUT", `/resources/registry/graph/${node}/fields/${name}`, {
      token: "admin",
      body: { spec: { value: { type, source } } },
    });
    expect(r.status, await r.clone().text()).toBe(201);
  };
  beforeAll(async () => {
    await define("job", "day", "text", "parameters.day");
    await define("order", "firstProduct", "text", "state.lines.0.productNumber");
    await define("order", "firstQty", "number", "state.lines.0.quantity");
  });

  it(
    "filters and orders jobs by a parameter; the field needs graph/job:field; access attributes " + "still narrow",
    async () => {
      expect(
        (await one({ edge: "jobs", filter: 'day in ["j1", "j3"]', orderBy: "day desc", node: { fields: ["day"] } }))
          .nodes,
      ).toEqual([{ day: "j3" }, { day: "j1" }]);
      expect(
        (await one({ edge: "jobs", filter: "day != null", orderBy: "day asc", node: { fields: ["day"] } }, "web"))
          .nodes,
      ).toEqual([{ day: "j1" }, { day: "j4" }, { day: "j5" }]);
      expect((await one({ edge: "jobs", filter: 'day == "j2"', node: { fields: ["jobId"] } }, "fields")).nodes).toEqual(
        [{ jobId: jobs.j2 }],
      );
      expect((await forbidden({ edge: "jobs", filter: 'day == "j2"' }, "query")).status).toBe(403);
    },
  );

  it("reads an order's folded state, array steps included", async () => {
    expect(
      (
        await one({
          edge: "orders",
          filter: 'firstProduct == "MUG-1" and firstQty >= 2',
          node: { fields: ["orderNumber"] },
        })
      ).nodes,
    ).toEqual([{ orderNumber: "O-3" }, { orderNumber: "O-1" }]);
    expect(
      (
        await one({
          edge: "orders",
          orderBy: "firstQty asc",
          node: { fields: ["orderNumber", "firstProduct", "firstQty"] },
        })
      ).nodes,
    ).toEqual([
      { orderNumber: "O-2", firstProduct: "P-0", firstQty: 1 },
      { orderNumber: "O-4", firstProduct: "P-0", firstQty: 1 },
      { orderNumber: "O-1", firstProduct: "MUG-1", firstQty: 2 },
      { orderNumber: "O-3", firstProduct: "MUG-1", firstQty: 2 },
    ]);
    expect((await forbidden({ edge: "orders", orderBy: "firstQty asc" }, "query")).status).toBe(403);
  });

  it("takes job fields from parameters or result only, and none for job definitions", async () => {
    const put = (node: string, source: string) =>
      t.request("PUT", `/resources/registry/graph/${node}/fields/x`, {
        token: "admin",
        body: { spec: { value: { type: "text", source } } },
      });
    expect(((await (await put("job", "dynamic.day")).json()) as Err).error.details).toEqual([
      { path: "spec.value.source", message: "must be parameters.<path> or result.<path>" },
    ]);
    expect(((await (await put("jobDefinition", "spec.queue")).json()) as Err).error.details).toEqual([
      { path: "spec.value.source", message: "jobDefinition records have no custom data to take a field from" },
    ]);
  });
});
