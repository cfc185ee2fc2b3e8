import { afterAll, describe, expect, it } from "vitest";
import { startStandby } from "@platform/db/testing";
import type { Standby } from "@platform/db/testing";
import { clientToken, freshStorage, startServiceProcess } from "./support/service-process.ts";
import type { ServiceProcess } from "./support/service-process.ts";

const serverUrl = process.env.DATABASE_URL;
const client = { BOOTSTRAP_CLIENT_ID: "replica-admin", BOOTSTRAP_CLIENT_SECRET: "replica-admin-secret-0123456789" };
const MAX_LAG_MS = 3000;
let storage: Awaited<ReturnType<typeof freshStorage>> | undefined;
let standby: Standby | undefined;
let service: ServiceProcess | undefined;

afterAll(async () => {
  await service?.stop();
  await standby?.stop();
  await storage?.drop();
});

const orderBody = (orderNumber: string) => [
  {
    type: "create",
    body: { orderNumber, createdAt: "2026-11-29T10:00:00.000Z", currencyCode: "SEK", taxIncluded: true, commands: [] },
  },
];

describe.runIf(serverUrl)("a service reading from a hot standby (PostgreSQL)", () => {
  it("shows a caller its own writes at once, bypasses a lagging standby, and reads there when it can", {
    timeout: 180_000,
  }, async () => {
    storage = await freshStorage("");
    standby = await startStandby(serverUrl!);
    service = await startServiceProcess({
      ...storage.env,
      ...client,
      DATABASE_READ_URLS: standby.url(storage.env.DATABASE_URL!),
      DATABASE_READ_MAX_LAG_MS: String(MAX_LAG_MS),
      DATABASE_READ_WAIT_MS: "300",
    });
    // Two tokens of the same client: two callers to the gateway, the second knows nothing of the first's writes.
    const [writer, reader] = [await clientToken(service.url, client), await clientToken(service.url, client)];
    const create = async (orderNumber: string) => {
      const r = await fetch(`${service!.url}/resources/actors/order/new`, {
        method: "POST",
        headers: { Authorization: `Bearer ${writer}`, "Content-Type": "application/json" },
        body: JSON.stringify(orderBody(orderNumber)),
      });
      expect(r.status).toBe(200);
      return r.headers.get("x-write-position")!;
    };
    const listed = async (token: string, orderNumber: string, headers: Record<string, string> = {}) => {
      const r = await fetch(`${service!.url}/resources/orders?orderNumber=${orderNumber}`, {
        headers: { Authorization: `Bearer ${token}`, ...headers },
      });
      expect(r.status).toBe(200);
      return ((await r.json()) as { orders: { orderNumber: string }[] }).orders.map((o) => o.orderNumber);
    };

    // A graph query is a POST that only reads: it reads where a list does.
    const graphed = async (token: string, orderNumber: string) => {
      const r = await fetch(`${service!.url}/resources/graph/query`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify([
          { edge: "orders", filter: `orderNumber == "${orderNumber}"`, node: { fields: ["orderNumber"] } },
        ]),
      });
      expect(r.status).toBe(200);
      expect(r.headers.get("x-write-position")).toBeNull();
      return ((await r.json()) as { orders: { nodes: { orderNumber: string }[] } }).orders.nodes.map(
        (o) => o.orderNumber,
      );
    };

    // Healthy: the writer's list right after its create shows it.
    const first = await create("RR-1");
    expect(first).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    expect(await listed(writer, "RR-1")).toEqual(["RR-1"]);

    await standby.pause();
    try {
      const position = await create("RR-2");
      // The standby has not replayed it and is within the lag allowed: the other caller is served there, a moment
      // behind (the proof that reads go to the standby at all)...
      expect(await listed(reader, "RR-2")).toEqual([]);
      expect(await graphed(reader, "RR-2")).toEqual([]);
      // ...while the writer, and anyone sending its position back, wait for it and then read the primary.
      expect(await listed(writer, "RR-2")).toEqual(["RR-2"]);
      expect(await graphed(writer, "RR-2")).toEqual(["RR-2"]);
      expect(await listed(reader, "RR-2", { "x-read-after": position })).toEqual(["RR-2"]);
      // Past the lag allowed the standby is bypassed for every read: late, never wrong.
      await new Promise((r) => setTimeout(r, MAX_LAG_MS + 500));
      expect(await listed(reader, "RR-2")).toEqual(["RR-2"]);
    } finally {
      await standby.resume();
    }

    const bad = await fetch(`${service.url}/resources/orders`, {
      headers: { Authorization: `Bearer ${reader}`, "x-read-after": "yesterday" },
    });
    expect([bad.status, ((await bad.json()) as { error: { code: string } }).error.code]).toEqual([
      400,
      "VALIDATION_FAILED",
    ]);
  });
});
