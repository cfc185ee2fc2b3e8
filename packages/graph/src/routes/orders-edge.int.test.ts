import { describe, expect, it } from "vitest";
import { one, orderNumbers, post, useJobsOrdersPlatform } from "./test-support/jobs-orders-fixture.ts";

useJobsOrdersPlatform();

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
