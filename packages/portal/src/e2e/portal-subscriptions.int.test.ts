import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Page } from "playwright-core";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { createSubscriptionsContext } from "@platform/subscriptions";
import { startWebhookReceiver } from "@platform/subscriptions/testing";
import type { WebhookReceiver } from "@platform/subscriptions/testing";
import { PASSWORD, PORTAL_TEST_CONTEXTS, h1, newPage, signIn, startPortalWorld } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";

/**
 * The subscriptions pages against a real receiver on a port, which verifies every delivery's
 * signature: short retry and give-up times, so a refusing receiver turns a subscription
 * failing within the test.
 */
let world: PortalWorld;
let receiver: WebhookReceiver;
let owner: Awaited<ReturnType<typeof createPrincipalWithToken>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  world = await startPortalWorld(
    [...PORTAL_TEST_CONTEXTS, createSubscriptionsContext({ syncMs: 100, pollMs: 100, giveUpMs: 300 })],
    { OUTBOUND_ALLOW_PRIVATE: "true", SUBSCRIPTIONS_RETRY_BASE_MS: "40" },
  );
  owner = await createPrincipalWithToken(world.server.t, {
    roles: ["system:owner"],
    password: PASSWORD,
    email: "hooks-owner@example.test",
    name: "Hook Keeper",
  });
});
afterAll(async () => {
  await world?.close();
  await receiver?.close();
});

type Subscription = {
  status: string;
  position: string | null;
  failure: { eventPosition: string; error: string; at: string } | null;
};
type Delivery = {
  webhookId: string;
  eventPosition: string;
  eventType: string;
  attempt: number;
  attemptedAt: string;
  status: number | null;
  durationMs: number;
  error: string | null;
};

const send = (method: string, path: string, body?: unknown) =>
  world.api(path, owner.token, {
    method,
    ...(body === undefined ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
  });
const get = async (name: string) =>
  (await (await send("GET", `/resources/subscriptions/${name}`)).json()) as Subscription;
const deliveries = async (name: string) =>
  (
    (await (await send("GET", `/resources/subscriptions/${name}/deliveries?limit=100`)).json()) as {
      deliveries: Delivery[];
    }
  ).deliveries;
const waitFor = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

/** A subscription to the receiver's `/<name>` for OrderCreated, made over the API; the receiver trusts its secret. */
const subscribe = async (name: string, description: string) => {
  const res = await send("PUT", `/resources/subscriptions/${name}`, {
    url: receiver.url(name),
    eventTypes: ["OrderCreated"],
    description,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  receiver.trust(name, ((await res.json()) as { secret: string }).secret);
};

/** An order through the actor API: one OrderCreated for every subscription. */
const createOrder = async (orderNumber: string) => {
  const res = await send("POST", "/resources/actors/order/new", [
    {
      type: "create",
      body: { orderNumber, createdAt: "2026-03-01T12:00:00Z", currencyCode: "SEK", taxIncluded: true },
    },
  ]);
  expect(res.status, await res.clone().text()).toBe(200);
};

/** An instant as the portal writes it (minutes, UTC), spelled out here. */
const minutes = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const fact = (page: Page, name: string) => page.locator(`dl.facts dt:text-is('${name}') + dd`).innerText();
/** The cells of a table's first row that holds `has` (a newest-first table: its latest). */
const rowCells = async (page: Page, table: string, has: string) =>
  (
    await page
      .getByRole("table", { name: table })
      .locator("tbody tr", { hasText: has })
      .first()
      .locator("td")
      .allInnerTexts()
  ).map((x) => x.trim());
const sections = (page: Page) =>
  page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Subscriptions" });

describe("the subscriptions pages", () => {
  it.skipIf(skipBrowserTests)(
    "list a subscription with its status and position, show its recent deliveries, pause and resume it",
    async () => {
      const { server } = world;
      await subscribe("erp", "ERP orders");
      await createOrder("P-1");
      await waitFor(() => expect(receiver.for("erp")).toHaveLength(1));
      await waitFor(async () => expect(await deliveries("erp")).toHaveLength(1));
      const [delivered] = await deliveries("erp");

      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, server.url, owner.email, "/portal/subscriptions");
      await expect.poll(() => h1(page)).toBe("Subscriptions");
      expect(await sections(page).getAttribute("aria-current")).toBe("page");
      expect(await page.getByRole("table", { name: "Subscriptions" }).locator("thead th").allInnerTexts()).toEqual([
        "Subscription",
        "URL",
        "Event types",
        "Status",
        "Position",
      ]);
      // The position moves past events of other types too; the page shows the API's.
      await expect
        .poll(async () => {
          await page.reload();
          return (
            (await rowCells(page, "Subscriptions", "erp")).join("|") ===
            ["erp", receiver.url("erp"), "OrderCreated", "active", (await get("erp")).position].join("|")
          );
        })
        .toBe(true);
      expect((await rowCells(page, "Subscriptions", "erp"))[4]).toMatch(/^\d{20}:\d{20}$/);
      await screenshotWidths(page, "portal-subscriptions");

      await page.getByRole("link", { name: "erp", exact: true }).click();
      await expect.poll(() => h1(page)).toBe("Subscription erp");
      expect(new URL(page.url()).pathname).toBe("/portal/subscriptions/erp");
      expect(await fact(page, "Status")).toBe("active");
      expect(await fact(page, "URL")).toBe(receiver.url("erp"));
      expect(await fact(page, "Event types")).toBe("OrderCreated");
      expect(await fact(page, "Description")).toBe("ERP orders");
      expect(await page.locator("dl.facts dt:text-is('Last answer')").count()).toBe(0);
      const table = page.getByRole("table", { name: "Recent deliveries" });
      expect(await table.locator("thead th").allInnerTexts()).toEqual([
        "Attempted",
        "Event type",
        "Event position",
        "Attempt",
        "Status",
        "Duration (ms)",
        "Error",
      ]);
      expect(await rowCells(page, "Recent deliveries", "OrderCreated")).toEqual([
        minutes(delivered!.attemptedAt),
        "OrderCreated",
        delivered!.eventPosition,
        "1",
        "200",
        String(delivered!.durationMs),
        "—",
      ]);
      expect(await table.locator("td.mono", { hasText: delivered!.eventPosition }).count()).toBe(1);
      await screenshotWidths(page, "portal-subscription");

      // Pause: the notice, the badge, the API; nothing is delivered while paused.
      await page.getByRole("button", { name: "Pause" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "paused");
      expect(await page.getByRole("status").innerText()).toBe(
        "Paused: nothing is delivered until it is resumed; it keeps its place.",
      );
      expect(await fact(page, "Status")).toBe("paused");
      expect(await page.locator("dl.facts .badge.warn").innerText()).toBe("paused");
      expect((await get("erp")).status).toBe("paused");
      expect(await page.getByRole("button", { name: "Pause" }).count()).toBe(0);
      await createOrder("P-2");
      await new Promise((r) => setTimeout(r, 400));
      expect(receiver.for("erp")).toHaveLength(1);

      // Resume: active again, and what came while paused is delivered.
      await page.getByRole("button", { name: "Resume" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "resumed");
      expect(await page.getByRole("status").innerText()).toBe("Resumed: delivery goes on from where it stopped.");
      expect(await fact(page, "Status")).toBe("active");
      expect((await get("erp")).status).toBe("active");
      await waitFor(() => expect(receiver.for("erp")).toHaveLength(2));

      expect(failed).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(skipBrowserTests)(
    "show a failing subscription's failure and resume it; replay refuses a bad position with " +
      "the API's message and delivers again from a real one",
    async () => {
      const { server } = world;
      await subscribe("flaky", "Refuses at first");
      receiver.answerAlways("flaky", 500);
      await createOrder("P-3");
      await waitFor(async () => expect((await get("flaky")).status).toBe("failing"));
      const { failure } = await get("flaky");
      expect(failure).toMatchObject({ error: "HTTP 500: not now" });

      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, server.url, owner.email, "/portal/subscriptions");
      expect((await rowCells(page, "Subscriptions", "flaky"))[3]).toBe("failing");
      expect(
        await page
          .getByRole("table", { name: "Subscriptions" })
          .locator("tbody tr", { hasText: "flaky" })
          .locator(".badge.critical")
          .innerText(),
      ).toBe("failing");
      await page.getByRole("link", { name: "flaky", exact: true }).click();
      await expect.poll(() => h1(page)).toBe("Subscription flaky");
      expect(await fact(page, "Status")).toBe("failing");
      expect(await fact(page, "Stopped at")).toBe(failure!.eventPosition);
      expect(await fact(page, "Last answer")).toBe("HTTP 500: not now");
      expect(await fact(page, "Failing since")).toBe(minutes(failure!.at));
      expect(await page.getByRole("button", { name: "Resume" }).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Pause" }).count()).toBe(0);
      const refused = await rowCells(page, "Recent deliveries", "OrderCreated");
      expect(refused.slice(1)).toEqual([
        "OrderCreated",
        failure!.eventPosition,
        expect.stringMatching(/^\d+$/),
        "500",
        expect.stringMatching(/^\d+$/),
        "HTTP 500: not now",
      ]);
      await screenshotWidths(page, "portal-subscription-failing");

      receiver.answerAlways("flaky", undefined);
      await page.getByRole("button", { name: "Resume" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "resumed");
      expect(await fact(page, "Status")).toBe("active");
      expect(await page.locator("dl.facts dt:text-is('Last answer')").count()).toBe(0);
      await waitFor(() => expect(receiver.for("flaky")).toHaveLength(1));
      expect(await get("flaky")).toMatchObject({ status: "active", failure: null });

      // A position the API will not take: its validation message, the page at 400, the value kept.
      await page.getByLabel("From position").fill("12");
      const [bad] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/portal/subscriptions/flaky/replay")),
        page.getByRole("button", { name: "Replay" }).click(),
      ]);
      expect(bad.status()).toBe(400);
      await expect
        .poll(() => page.getByRole("alert").innerText())
        .toBe("Request body is invalid\nfromPosition: must be a position as deliveries show it (digits:digits)");
      expect(await page.getByLabel("From position").inputValue()).toBe("12");
      expect(await h1(page)).toBe("Subscription flaky");

      // A real position, from the deliveries: the same event is delivered again.
      await waitFor(async () => expect((await deliveries("flaky")).find((d) => d.status === 200)).toBeDefined());
      const ok = (await deliveries("flaky")).find((d) => d.status === 200)!;
      await page.getByLabel("From position").fill(ok.eventPosition);
      await page.getByRole("button", { name: "Replay" }).click();
      await page.waitForURL(
        (u) => u.pathname === "/portal/subscriptions/flaky" && u.searchParams.get("done") === "replayed",
      );
      expect(await page.getByRole("status").innerText()).toBe(
        "Replaying: the events from that position on are delivered again, each stream's in order.",
      );
      await waitFor(() => expect(receiver.for("flaky")).toHaveLength(2));
      const [first, again] = receiver.for("flaky");
      expect(again!.payload.position).toBe(ok.eventPosition);
      expect(again!.webhookId).toBe(first!.webhookId);

      expect(failed).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(skipBrowserTests)(
    "show a reader no pause, resume or replay, and the API's refusal when they post anyway; the " +
      "section only to who may read",
    async () => {
      const { server } = world;
      await subscribe("audit", "Read only here");
      const reader = await createPrincipalWithToken(server.t, {
        password: PASSWORD,
        email: "hooks-reader@example.test",
        acl: ["subscriptions:read", "me:*"],
      });
      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, server.url, reader.email, "/portal/subscriptions/audit");
      await expect.poll(() => h1(page)).toBe("Subscription audit");
      expect(await sections(page).count()).toBe(1);
      expect(await fact(page, "Status")).toBe("active");
      expect(await page.getByRole("button", { name: /^(Pause|Resume|Replay)$/ }).count()).toBe(0);
      expect(await page.getByLabel("From position").count()).toBe(0);
      expect(await page.getByRole("heading", { name: "Recent deliveries" }).count()).toBe(1);
      const csrf = await page.locator('input[name="csrf"]').first().inputValue();
      const answer = await page.request.post(`${server.url}/portal/subscriptions/audit/pause`, { form: { csrf } });
      expect(answer.status()).toBe(403);
      expect(await answer.text()).toContain("subscriptions:write");
      expect((await get("audit")).status).toBe("active");
      await page.goto(`${server.url}/portal`);
      expect(
        await page
          .locator("ul.tiles")
          .getByRole("link", { name: /^Subscriptions/ })
          .innerText(),
      ).toBe("Subscriptions\nOutbound webhooks: their state and recent deliveries; pause, resume, replay.");
      expect(failed).toEqual([]);
      await context.close();

      const outsider = await createPrincipalWithToken(server.t, {
        password: PASSWORD,
        email: "hooks-outsider@example.test",
        acl: ["sendings:read", "me:*"],
      });
      const other = await world.newContext();
      const page2 = await newPage(other.context);
      await signIn(page2, server.url, outsider.email, "/portal");
      expect(
        await page2.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Sendings" }).count(),
      ).toBe(1);
      expect(await sections(page2).count()).toBe(0);
      expect(
        await page2
          .locator("ul.tiles")
          .getByRole("link", { name: /^Subscriptions/ })
          .count(),
      ).toBe(0);
      const refused = await page2.goto(`${server.url}/portal/subscriptions`);
      expect(refused!.status()).toBe(403);
      expect(await h1(page2)).toBe("Subscriptions");
      expect(await page2.getByRole("alert").innerText()).toContain("subscriptions:read");
      expect(other.failed).toEqual([]);
      await other.context.close();
    },
  );
});
