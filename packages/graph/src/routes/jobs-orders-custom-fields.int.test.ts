import { beforeAll, describe, expect, it } from "vitest";
import { forbidden, jobs, one, t, useJobsOrdersPlatform } from "./test-support/jobs-orders-fixture.ts";
import type { Err } from "./test-support/jobs-orders-fixture.ts";

useJobsOrdersPlatform();

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
