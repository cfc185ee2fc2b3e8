import { afterAll, beforeAll, expect } from "vitest";
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
import { graphContext } from "../../index.ts";

// Module bindings are live: a test file that imports `t` reads, inside its tests, what useJobsOrdersPlatform set.

// "Now" is fixed: every job runs later, so all stay pending; all share one createdAt.
export const clock = fixedClock("2026-03-02T09:00:00.000Z");
export const report = componentSource(
  "return { day: params.day };",
  "{ day: { type: 'text' }, copies: { type: 'number', default: 1 }, channelKey: { type: ['text', 'nothing'] } }",
);
export let t: TestPlatform;
export const jobs: Record<string, string> = {};

/** Jobs, orders, sendings, apps and the graph on a fixed clock for the calling test file, with data to query. */
export const useJobsOrdersPlatform = () => {
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
      // 2 × 99.50 + 49 shipping, tax included: gross 248
      ["O-1", { createdAt: "2026-01-01T10:00:00Z", channelKey: "web" }],
      // net 30, gross 37.5
      [
        "O-2",
        { createdAt: "2026-01-02T10:00:00Z", channelKey: "shop", taxIncluded: false, commands: commands(10, 20) },
      ],
      ["O-3", { createdAt: "2026-01-03T10:00:00Z" }], // no channelKey: gross 248
      // gross 5
      ["O-4", { createdAt: "2026-01-04T10:00:00Z", channelKey: "web", currencyCode: "EUR", commands: commands(5) }],
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
};

export type Answer = { nodes: Record<string, unknown>[]; count?: number; lastCursor: string | null };
export type Err = { error: { code: string; message: string; details: { path: string; message: string }[] } };
export const post = (body: unknown, token: string) => t.request("POST", "/resources/graph/query", { token, body });
export const one = async ({ filter, ...q }: Record<string, unknown>, token = "graph"): Promise<Answer> => {
  const r = await post([{ alias: "q", ...q, ...(filter ? { filter } : {}) }], token);
  expect(r.status, await r.clone().text()).toBe(200);
  return ((await r.json()) as Record<string, Answer>).q!;
};
export const forbidden = async (q: Record<string, unknown>, token: string) => {
  const r = await post([q], token);
  return { status: r.status, body: await r.json() };
};
/** The jobs' `day` parameter names them: j1 … j5, by runAt. */
export const jobKeys = async (filter: string, token = "graph") => {
  const a = await one({ edge: "jobs", filter, orderBy: "runAt asc", count: true, node: { fields: ["jobId"] } }, token);
  const byId = Object.fromEntries(Object.entries(jobs).map(([k, id]) => [id, k]));
  return { keys: a.nodes.map((n) => byId[n.jobId as string]), count: a.count };
};
export const definitionIds = async (filter: string, token = "graph") =>
  (
    await one(
      { edge: "jobDefinitions", filter, orderBy: "jobDefinitionId asc", node: { fields: ["jobDefinitionId"] } },
      token,
    )
  ).nodes.map((n) => n.jobDefinitionId);
export const orderNumbers = async (filter: string, token = "graph") => {
  const a = await one({ edge: "orders", filter, count: true, node: { fields: ["orderNumber"] } }, token);
  return { numbers: a.nodes.map((n) => n.orderNumber), count: a.count };
};
