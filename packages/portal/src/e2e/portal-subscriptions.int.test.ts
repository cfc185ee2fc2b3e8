import { describe, expect, it } from "vitest";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { PASSWORD } from "./portal-browser.ts";
import { h1, newPage, signIn } from "./portal-browser.ts";
import {
  createOrder,
  deliveries,
  fact,
  get,
  minutes,
  owner,
  receiver,
  rowCells,
  sections,
  subscribe,
  useSubscriptionsWorld,
  waitFor,
  world,
} from "./portal-subscriptions-fixture.ts";

useSubscriptionsWorld();

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
      ).toBe(
        "Subscriptions\nOutbound webhooks: create and change them, watch their deliveries; pause, resume, replay.",
      );
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
