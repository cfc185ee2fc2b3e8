import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { orderBody } from "@platform/orders/testing";
import { PASSWORD, h1, newPage, signIn, startPortalWorld } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";

let world: PortalWorld;
let owner: { token: string; email: string };
beforeAll(async () => {
  world = await startPortalWorld();
  owner = await createPrincipalWithToken(world.server.t, {
    roles: ["system:owner"],
    password: PASSWORD,
    email: "operator@example.test",
    name: "Olga Operator",
  });
});
afterAll(() => world?.close());

describe("the orders list and an actor's journal", () => {
  it.skipIf(skipBrowserTests)(
    "open an order from the list, read each event's metadata, and replay its state to any version with the slider",
    async () => {
      const created = await world.api("/resources/actors/order/new", owner.token, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Request-Id": "req-portal-1",
          "X-Correlation-Id": "corr-portal",
        },
        body: JSON.stringify([{ type: "create", body: orderBody("PORTAL-7") }]),
      });
      expect(created.status).toBe(200);
      const { actor, state } = (await created.json()) as {
        actor: { id: string; version: number };
        state: { deliveries: { deliveryId: string }[] };
      };
      const deliveryId = state.deliveries[0]!.deliveryId;
      for (const price of [5, 7]) {
        const r = await world.api(`/resources/actors/order/${actor.id}`, owner.token, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Causation-Id": `price-${price}` },
          body: JSON.stringify([
            {
              type: "applyCommands",
              body: { commands: [{ type: "setShippingPrice", deliveryId, shippingPrice: price }] },
            },
          ]),
        });
        expect(r.status).toBe(200);
      }
      const latest = actor.version + 2;

      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, world.server.url, owner.email, "/portal/orders?orderNumber=PORTAL-7");
      await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
      expect(await page.locator("tbody tr").innerText()).toContain("SEK");
      await screenshotWidths(page, "portal-orders");
      await page.getByRole("link", { name: "PORTAL-7" }).click();
      await expect.poll(() => h1(page)).toBe("order PORTAL-7");
      expect(await page.locator("#state-heading").innerText()).toBe(`State (latest, v${latest})`);
      expect(await page.getByTestId("state").innerText()).toContain('"shippingPrice": "7.00"');

      // Every event, in order, with who, session, request, correlation and causation.
      const entries = page.locator("ol.journal > li");
      await expect.poll(() => entries.count()).toBe(latest);
      const first = await entries.nth(0).innerText();
      expect(first).toContain("v1 OrderCreated");
      expect(first).toContain("Request: req-portal-1");
      expect(first).toContain("Correlation: corr-portal");
      expect(first).toContain("Causation: req-portal-1");
      expect(first).toMatch(/Session: [0-9a-f-]{36}/);
      expect(first).toContain("By principal ");
      // The log position a subscription's replay takes, as the API's journal shows it.
      const journal = (await (
        await world.api(`/resources/actors/order/${actor.id}/journal?limit=1`, owner.token)
      ).json()) as { events: { position: string }[] };
      expect(first).toContain(`Position ${journal.events[0]!.position}`);
      const last = await entries.nth(latest - 1).innerText();
      expect(last).toContain(`v${latest} ShippingPriceSet`);
      expect(last).toContain("Causation: price-7");

      // The slider replays to version 1 (the order, before its deliveries), then to the first price.
      await page.getByRole("slider", { name: "Version" }).fill("1");
      await page.waitForURL((u) => u.searchParams.get("version") === "1");
      expect(await page.locator("#state-heading").innerText()).toBe(`State as of v1 of ${latest}`);
      expect(JSON.parse(await page.getByTestId("state").innerText())).toMatchObject({
        orderNumber: "PORTAL-7",
        deliveries: [],
      });
      expect(await page.locator("ol.journal > li.current").innerText()).toContain("v1 OrderCreated");
      await screenshotWidths(page, "portal-actor-journal");
      await page.getByRole("slider", { name: "Version" }).fill(String(latest - 1));
      await page.waitForURL((u) => u.searchParams.get("version") === String(latest - 1));
      expect(await page.getByTestId("state").innerText()).toContain('"shippingPrice": "5.00"');
      // A link on an entry does the same without the slider (or its script).
      await page.getByRole("link", { name: `State after v${latest}` }).click();
      await page.waitForURL((u) => u.searchParams.get("version") === String(latest));
      expect(await page.getByTestId("state").innerText()).toContain('"shippingPrice": "7.00"');

      // A version the order does not have: the API's 400 on the page.
      const beyond = await page.goto(`${world.server.url}/portal/actors/order/${actor.id}?version=${latest + 1}`);
      expect(beyond?.status()).toBe(400);
      expect(await page.getByRole("alert").innerText()).toContain(`version must be a whole number from 1 to ${latest}`);
      expect(failed).toEqual([]);
      await context.close();
    },
  );
});
