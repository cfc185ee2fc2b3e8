import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { sendingsContext } from "./index.ts";

// No SMTP_URL: sendings pile up as pending, which is what the thresholds are about.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform([staticAuthContext({ writer: { scope: ["sendings:*"] } }), sendingsContext]);
});
afterAll(() => t.close());

const queue = async (n: number, offset: number) => {
  const to = Array.from({ length: n }, (_, i) => `h${offset + i}@example.test`);
  expect(
    (
      await t.request("POST", "/resources/sendings/email", {
        token: "writer",
        body: { to, subject: "s", body: { plainText: "x" }, category: "c" },
      })
    ).status,
  ).toBe(202);
};
const readyz = async () => {
  const r = await t.request("GET", "/readyz");
  return {
    status: r.status,
    body: (await r.json()) as { ready: boolean; checks: { sendings: Record<string, unknown> } },
  };
};
const metric = async (name: string) =>
  Number(new RegExp(`^${name} (\\S+)$`, "m").exec(await (await t.request("GET", "/metrics")).text())?.[1]);

describe("queue health", () => {
  it("is healthy below 50 pending, warning from 50 to 100, critical above 100 — and stays ready", async () => {
    const empty = await readyz();
    const idle = { status: "healthy", pending: 0, bounceRate24h: 0, bounceRateHigh: false, configured: false };
    expect(empty.body.checks.sendings).toEqual({
      ok: true,
      status: "healthy",
      pending: 0,
      bounceRate24h: 0,
      bounceRateHigh: false,
      smtpConfigured: false,
      transports: { email: idle, sms: idle, push: idle },
    });
    await queue(49, 0);
    expect((await readyz()).body.checks.sendings).toMatchObject({ status: "healthy", pending: 49 });
    expect(await metric("sendings_queue_level")).toBe(0);
    await queue(1, 49);
    expect((await readyz()).body.checks.sendings).toMatchObject({ status: "warning", pending: 50 });
    await queue(50, 50);
    expect((await readyz()).body.checks.sendings).toMatchObject({ status: "warning", pending: 100 });
    expect(await metric("sendings_queue_level")).toBe(1);
    await queue(1, 100);
    const critical = await readyz();
    expect(critical.body.checks.sendings).toMatchObject({ ok: true, status: "critical", pending: 101 });
    expect(critical.status).toBe(200);
    expect(critical.body.ready).toBe(true);
    expect(await metric("sendings_pending")).toBe(101);
    expect(await metric('sendings_transport_pending\\{transport="email"\\}')).toBe(101);
    expect(await metric('sendings_transport_pending\\{transport="sms"\\}')).toBe(0);
    expect((await readyz()).body.checks.sendings.transports).toMatchObject({
      email: { status: "critical", pending: 101 },
      sms: { status: "healthy", pending: 0 },
      push: { pending: 0 },
    });
    expect(await metric("sendings_queue_level")).toBe(2);
  });
});
