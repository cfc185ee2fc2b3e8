import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { startTestSmtpServer } from "@platform/sendings/testing";
import type { TestSmtpServer } from "@platform/sendings/testing";
import type { Page } from "playwright-core";
import { PASSWORD, PORTAL_TEST_CONTEXTS, h1, newPage, signIn, startPortalWorld } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";

let world: PortalWorld;
let smtp: TestSmtpServer;
let owner: { token: string; email: string };
beforeAll(async () => {
  // A real SMTP server: ok@ is accepted, gone@ rejected for good (bounces at once), busy@ for now (stays pending,
  // retried in a minute).
  smtp = await startTestSmtpServer({ reject: { "gone@bounce.test": 550, "busy@later.test": 451 } });
  // With METRICS_TOKEN set, /metrics refuses the viewer's token: the queue's figures must come through the portal's own
  // scrape.
  world = await startPortalWorld(PORTAL_TEST_CONTEXTS, {
    SMTP_URL: smtp.url,
    METRICS_TOKEN: "portal-metrics-token-0123456789",
  });
  owner = await createPrincipalWithToken(world.server.t, {
    roles: ["system:owner"],
    password: PASSWORD,
    email: "operator@example.test",
    name: "Olga Operator",
  });
});
afterAll(async () => {
  await world?.close();
  await smtp?.close();
});

type Sending = {
  sendingId: string;
  recipient: string;
  status: string;
  retryCount: number;
  errorMessage: string | null;
};

const queue = async (to: string | string[], category = "newsletter") => {
  const r = await world.api("/resources/sendings/email", owner.token, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      to,
      subject: "Spring news",
      body: { plainText: "Hello" },
      category,
      dynamic: { campaign: "spring" },
    }),
  });
  expect(r.status).toBe(202);
  return ((await r.json()) as { sendings: Sending[] }).sendings;
};
const sending = async (id: string) =>
  (await (await world.api(`/resources/sendings/${id}`, owner.token)).json()) as Sending;
const settled = async (id: string, status: string) =>
  expect.poll(async () => (await sending(id)).status, { timeout: 10_000 }).toBe(status);
/** The list's rows, not those of the queue-by-transport table above it. */
const sendingRows = (page: Page) => page.getByRole("table", { name: "Sendings", exact: true }).locator("tbody tr");

describe("the sendings pages", () => {
  it.skipIf(skipBrowserTests)(
    "show the queue's health and each sending's retries and error, and cancel a pending one",
    async () => {
      const [sent] = await queue("ok@example.test");
      const [bounced] = await queue("gone@bounce.test");
      const [busy] = await queue("busy@later.test", "reminders");
      await settled(sent!.sendingId, "sent");
      await settled(bounced!.sendingId, "bounced");
      await expect.poll(async () => (await sending(busy!.sendingId)).retryCount, { timeout: 10_000 }).toBe(1);

      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, world.server.url, owner.email, "/portal/sendings");
      await expect.poll(() => h1(page)).toBe("Sendings");
      // One pending of three; one bounced of two finished today: 50 %, above the spec's 5 %.
      expect(await page.getByTestId("queue-level").innerText()).toMatch(/Pending\s+1\s+healthy/);
      expect(await page.getByTestId("bounce-rate").innerText()).toMatch(
        /50\.0 %\s+above 5 %\s+Above 5 % suggests list quality problems\./,
      );
      await screenshotWidths(page, "portal-sendings");

      // By status, then by category.
      await page.getByLabel("Status").selectOption("bounced");
      await page.getByRole("button", { name: "Find" }).click();
      await expect.poll(() => sendingRows(page).allInnerTexts()).toEqual([expect.stringContaining("gone@bounce.test")]);
      await page.getByRole("link", { name: "gone@bounce.test" }).click();
      await expect.poll(() => h1(page)).toBe("Sending to gone@bounce.test");
      expect(await page.getByRole("alert").innerText()).toContain("Delivery failed:");
      expect(await page.getByRole("alert").innerText()).toContain("550");
      expect(await page.getByRole("button", { name: "Cancel sending" }).count()).toBe(0);
      await screenshotWidths(page, "portal-sending-bounced");

      await page.goto(`${world.server.url}/portal/sendings?category=reminders`);
      await expect.poll(() => sendingRows(page).count()).toBe(1);
      await page.getByRole("link", { name: "busy@later.test" }).click();
      const facts = await page.locator("dl.facts").innerText();
      expect(facts).toMatch(/Status\s+pending/);
      expect(facts).toMatch(/Retries\s+1 of 3/);
      expect(facts).toMatch(/Next attempt\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      await screenshotWidths(page, "portal-sending");
      await page.getByRole("button", { name: "Cancel sending" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "cancelled");
      expect(await page.getByRole("status").innerText()).toBe("Cancelled.");
      expect(await page.locator("dl.facts").innerText()).toMatch(/Status\s+cancelled/);
      expect((await sending(busy!.sendingId)).status).toBe("cancelled");
      expect(await page.getByRole("button", { name: "Cancel sending" }).count()).toBe(0);

      // Cancelling it again (a stale page's form): the API's 409 is shown, nothing changes.
      const csrf = await page.locator('input[name="csrf"]').first().inputValue();
      const again = await page.request.post(`${world.server.url}/portal/sendings/${busy!.sendingId}/cancel`, {
        form: { csrf },
      });
      expect(again.status()).toBe(409);
      expect(await again.text()).toContain("Cannot cancel a sending that is cancelled");
      expect(failed).toEqual([]);
      await context.close();
    },
  );

  it("colours the queue by the spec's thresholds: 50 pending is a warning, 101 critical", async () => {
    const quiet = await startPortalWorld();
    try {
      const admin = await createPrincipalWithToken(quiet.server.t, { roles: ["system:owner"] });
      const cookie = `portal_at=${admin.token}`;
      const level = async () => {
        const html = await (await fetch(`${quiet.server.url}/portal/sendings`, { headers: { Cookie: cookie } })).text();
        return /data-testid="queue-level">Pending<strong>(\d+)<\/strong><span class="badge (\w+)">(\w+)<\/span>/
          .exec(html)
          ?.slice(1);
      };
      const add = async (n: number, offset: number) => {
        const to = Array.from({ length: n }, (_, i) => `r${offset + i}@example.test`);
        const r = await quiet.api("/resources/sendings/email", admin.token, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ to, subject: "s", body: { plainText: "x" }, category: "bulk" }),
        });
        expect(r.status).toBe(202);
      };
      expect(await level()).toEqual(["0", "ok", "healthy"]);
      await add(49, 0);
      expect(await level()).toEqual(["49", "ok", "healthy"]);
      await add(1, 49);
      expect(await level()).toEqual(["50", "alert", "warning"]);
      await add(50, 50);
      expect(await level()).toEqual(["100", "alert", "warning"]);
      await add(1, 100);
      expect(await level()).toEqual(["101", "critical", "critical"]);
    } finally {
      await quiet.close();
    }
  });

  it.skipIf(skipBrowserTests)(
    "show a reader no cancel button, and the API refuses the cancel they would have made",
    async () => {
      const [pending] = await queue("busy@later.test", "reader-test");
      const reader = await createPrincipalWithToken(world.server.t, {
        password: PASSWORD,
        email: "sendings-reader@example.test",
        acl: ["sendings:read", "me:*"],
      });
      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, world.server.url, reader.email, `/portal/sendings/${pending!.sendingId}`);
      await expect.poll(() => h1(page)).toBe("Sending to busy@later.test");
      expect(await page.getByRole("button", { name: "Cancel sending" }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "Orders" }).count()).toBe(0);
      const csrf = await page.locator('input[name="csrf"]').first().inputValue();
      const answer = await page.request.post(`${world.server.url}/portal/sendings/${pending!.sendingId}/cancel`, {
        form: { csrf },
      });
      expect(answer.status()).toBe(403);
      expect(await answer.text()).toContain("sendings:write");
      expect((await sending(pending!.sendingId)).status).toBe("pending");
      expect(failed).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(skipBrowserTests)(
    "show a sending to an erased principal without its recipient, subject or data",
    async () => {
      const erin = await createPrincipalWithToken(world.server.t, {
        email: "erin.erased@example.test",
        name: "Erin Erased",
      });
      const [sent] = await queue(erin.email, "erasure-test");
      await settled(sent!.sendingId, "sent");
      const del = await world.api(`/resources/iam/principals/${erin.principalId}`, owner.token, { method: "DELETE" });
      expect(del.status).toBe(204);
      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, world.server.url, owner.email, `/portal/sendings/${sent!.sendingId}`);
      await expect.poll(() => h1(page)).toBe("Sending to an erased recipient");
      const facts = await page.locator("dl.facts").innerText();
      expect(facts).toMatch(/Status\s+sent/);
      expect(facts).toMatch(/Recipient\s+erased/);
      expect(await page.content()).not.toContain("erin.erased");
      expect(await page.content()).not.toContain("spring");
      await screenshotWidths(page, "portal-sending-erased");
      await page.goto(`${world.server.url}/portal/sendings?category=erasure-test`);
      await expect
        .poll(() => sendingRows(page).allInnerTexts())
        .toEqual([expect.stringMatching(/^erased\s+Email\s+sent/)]);
      expect(failed).toEqual([]);
      await context.close();
    },
  );
});
