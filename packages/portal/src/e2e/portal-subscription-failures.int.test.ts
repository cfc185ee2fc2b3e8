import { describe, expect, it } from "vitest";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
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
  subscribe,
  useSubscriptionsWorld,
  waitFor,
  world,
} from "./portal-subscriptions-fixture.ts";

useSubscriptionsWorld();

describe("the subscriptions pages", () => {
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
});
