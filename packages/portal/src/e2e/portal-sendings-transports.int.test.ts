import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { startTestSmtpServer } from "@platform/sendings/testing";
import type { TestSmtpServer } from "@platform/sendings/testing";
import { PASSWORD, PORTAL_TEST_CONTEXTS, h1, newPage, signIn, startPortalWorld, tableCells } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";

let world: PortalWorld;
let smtp: TestSmtpServer;
let owner: { token: string; email: string };
beforeAll(async () => {
  // A service of its own, so that each transport's figures are exactly this file's sendings': SMTP
  // configured (ok@ accepted, gone@ bounced at once), no SMSC (SMS_URL) and no VAPID keys.
  smtp = await startTestSmtpServer({ reject: { "gone@bounce.test": 550 } });
  world = await startPortalWorld(PORTAL_TEST_CONTEXTS, { SMTP_URL: smtp.url });
  owner = await createPrincipalWithToken(world.server.t, {
    roles: ["system:owner"],
    password: PASSWORD,
    email: "transports@example.test",
    name: "Tara Transports",
  });
});
afterAll(async () => {
  await world?.close();
  await smtp?.close();
});

type Sending = { sendingId: string; status: string };
/** The list's columns up to Category: Retries and Created add nothing here, and Created is the clock's. */
const LISTED = 5;

describe("the sendings pages with SMS and push", () => {
  it.skipIf(skipBrowserTests)(
    "show each sending's transport, filter the list by it across pages, and each transport's " +
      "queue: SMS and push stay pending here",
    async () => {
      const post = async (transport: string, body: unknown) => {
        const r = await world.api(`/resources/sendings/${transport}`, owner.token, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        expect(r.status).toBe(202);
        return ((await r.json()) as { sendings: Sending[] }).sendings[0]!;
      };
      const status = async (id: string) =>
        ((await (await world.api(`/resources/sendings/${id}`, owner.token)).json()) as Sending).status;
      const sms = { to: "+4915112345678", body: { text: "Code 1234" }, category: "otp" };
      const sent = await post("email", {
        to: "ok@example.test",
        subject: "Receipt",
        body: { plainText: "Thanks" },
        category: "orders",
      });
      const bounced = await post("email", {
        to: "gone@bounce.test",
        subject: "Receipt",
        body: { plainText: "Thanks" },
        category: "orders",
      });
      await post("sms", sms);
      const keys = {
        p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString("base64url"),
        auth: Buffer.alloc(16, 2).toString("base64url"),
      };
      const push = await post("push", {
        to: { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys },
        body: { title: "Hi", text: "Shipped" },
        category: "orders",
      });
      await expect.poll(() => status(sent.sendingId), { timeout: 10_000 }).toBe("sent");
      await expect.poll(() => status(bounced.sendingId), { timeout: 10_000 }).toBe("bounced");

      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, world.server.url, owner.email, "/portal/sendings");
      await expect.poll(() => h1(page)).toBe("Sendings");
      // Email's bounce is email's alone; SMS and push have no one here to deliver them.
      expect(
        await page.getByRole("table", { name: "Queue by transport", exact: true }).locator("thead th").allInnerTexts(),
      ).toEqual(["Transport", "Delivery", "Pending", "Level", "Bounce rate, last 24 hours"]);
      expect(await tableCells(page, "Queue by transport")).toEqual([
        ["Email", "configured", "0", "healthy", "50.0 % (above 5 %)"],
        ["SMS", "not configured: stays pending", "1", "healthy", "0.0 %"],
        ["Push", "not configured: stays pending", "1", "healthy", "0.0 %"],
      ]);
      expect(
        await page.getByRole("table", { name: "Sendings", exact: true }).locator("thead th").allInnerTexts(),
      ).toEqual(["Recipient", "Transport", "Status", "Subject", "Category", "Retries", "Created"]);
      const all = [
        ["+4915112345678", "SMS", "pending", "—", "otp"],
        ["https://fcm.googleapis.com", "Push", "pending", "Hi", "orders"],
        ["gone@bounce.test", "Email", "bounced", "Receipt", "orders"],
        ["ok@example.test", "Email", "sent", "Receipt", "orders"],
      ];
      // Queued within a millisecond or so of each other: the order among them is the API's to choose.
      expect((await tableCells(page, "Sendings", LISTED)).sort()).toEqual([...all].sort());
      await screenshotWidths(page, "portal-sendings-transports");

      // The filter, by its label; the API narrows the list and the URL keeps the choice.
      expect(await page.getByLabel("Transport", { exact: true }).locator("option").allInnerTexts()).toEqual([
        "any",
        "Email",
        "SMS",
        "Push",
      ]);
      await page.getByLabel("Transport", { exact: true }).selectOption({ label: "SMS" });
      await page.getByRole("button", { name: "Find" }).click();
      await page.waitForURL((u) => u.searchParams.get("transport") === "sms");
      await expect.poll(() => tableCells(page, "Sendings", LISTED)).toEqual([all[0]]);
      expect(await page.getByLabel("Transport", { exact: true }).inputValue()).toBe("sms");

      // An SMS has no subject row; a push's subject is its title.
      await page.getByRole("link", { name: "+4915112345678" }).click();
      await expect.poll(() => h1(page)).toBe("Sending to +4915112345678");
      expect(await page.locator("dl.facts dt").allInnerTexts()).toEqual([
        "Status",
        "Transport",
        "Recipient",
        "Category",
        "Retries",
        "Next attempt",
        "Created",
        "Sent",
        "Last change",
      ]);
      expect(await page.locator("dl.facts").innerText()).toMatch(/Transport\s+SMS\s+Recipient\s+\+4915112345678/);
      await page.goto(`${world.server.url}/portal/sendings/${push.sendingId}`);
      await expect.poll(() => h1(page)).toBe("Sending to https://fcm.googleapis.com");
      expect(await page.locator("dl.facts dt").allInnerTexts()).toEqual([
        "Status",
        "Transport",
        "Title",
        "Recipient",
        "Category",
        "Retries",
        "Next attempt",
        "Created",
        "Sent",
        "Last change",
      ]);
      expect(await page.locator("dl.facts").innerText()).toMatch(
        /Transport\s+Push\s+Title\s+Hi\s+Recipient\s+https:\/\/fcm\.googleapis\.com/,
      );

      // 26 SMS: the second page is still SMS only, its URL still says so.
      for (let i = 0; i < 25; i++) await post("sms", sms);
      await page.goto(`${world.server.url}/portal/sendings?transport=sms`);
      await expect.poll(async () => (await tableCells(page, "Sendings", LISTED)).length).toBe(25);
      expect(await tableCells(page, "Queue by transport", 3)).toEqual([
        ["Email", "configured", "0"],
        ["SMS", "not configured: stays pending", "26"],
        ["Push", "not configured: stays pending", "1"],
      ]);
      expect(await page.locator(".pager").innerText()).toMatch(/^26 in all\s+Next$/);
      await page.getByRole("link", { name: "Next" }).click();
      await page.waitForURL((u) => u.searchParams.has("after"));
      expect(new URL(page.url()).searchParams.get("transport")).toBe("sms");
      expect(await tableCells(page, "Sendings", LISTED)).toEqual([all[0]]);
      expect(await page.getByLabel("Transport", { exact: true }).inputValue()).toBe("sms");
      expect(failed).toEqual([]);
      await context.close();
    },
  );
});
