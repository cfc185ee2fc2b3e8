import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { PASSWORD, h1, newPage, signIn } from "./portal-browser.ts";
import {
  createOrder,
  fact,
  get,
  owner,
  receiver,
  useSubscriptionsWorld,
  waitFor,
  world,
} from "./portal-subscriptions-fixture.ts";

useSubscriptionsWorld();

describe("creating and changing subscriptions in the portal", () => {
  it.skipIf(skipBrowserTests)(
    "creates one from the catalog (the URL checked as typed, the secret shown once), changes it, tests it and " +
      "rotates its secret",
    async () => {
      const { server } = world;
      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, server.url, owner.email, "/portal/subscriptions");
      await page.getByRole("link", { name: "New subscription" }).click();
      await expect.poll(() => h1(page)).toBe("New subscription");
      // The catalog, by context: the order events among them, each a checkbox.
      expect(await page.getByRole("group", { name: "orders" }).getByRole("checkbox").count()).toBe(11);
      // The outbound rule answers as the URL is typed.
      await page.getByLabel("URL", { exact: true }).fill("ftp://erp.example.com/hooks");
      await expect
        .poll(() => page.locator("#url-check").innerText())
        .toBe("Refused: the URL must be an http or https URL.");
      expect(await page.getByLabel("URL", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      await page.getByLabel("URL", { exact: true }).fill(receiver.url("made"));
      await expect.poll(() => page.locator("#url-check").innerText()).toBe("Allowed.");
      await screenshotWidths(page, "portal-subscription-new");

      await page.getByLabel("Id", { exact: true }).fill("made");
      await page.getByLabel("Description").fill("Made in the portal");
      await page.getByRole("checkbox", { name: "OrderCreated" }).check();
      await page.getByLabel("At most this many deliveries a second (optional)").fill("20");
      await page.getByRole("button", { name: "Create subscription" }).click();
      await expect.poll(() => h1(page)).toBe("Created subscription made");
      const secret = await page.getByLabel("Signing secret").inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      receiver.trust("made", secret);
      expect(await get("made")).toMatchObject({ status: "active" });
      await createOrder("W-1");
      await waitFor(() => expect(receiver.for("made")).toHaveLength(1));

      // The same id again is refused, not replaced.
      await page.goto(`${server.url}/portal/subscriptions/new`);
      await page.getByLabel("Id", { exact: true }).fill("made");
      await page.getByLabel("URL", { exact: true }).fill(receiver.url("other"));
      await page.getByRole("checkbox", { name: "OrderCancelled" }).check();
      await page.getByRole("button", { name: "Create subscription" }).click();
      await expect.poll(() => page.getByRole("alert").innerText()).toContain("A subscription with the id made exists");
      expect((await get("made")) as unknown).toMatchObject({ url: receiver.url("made"), eventTypes: ["OrderCreated"] });

      // Change: the form starts as it is; saved, the page says so.
      await page.goto(`${server.url}/portal/subscriptions/made`);
      expect(await fact(page, "At most")).toBe("20 deliveries a second");
      await page.getByRole("link", { name: "Edit" }).click();
      await expect.poll(() => h1(page)).toBe("Change subscription made");
      expect(await page.getByRole("checkbox", { name: "OrderCreated" }).isChecked()).toBe(true);
      await page.getByLabel("Description").fill("Changed in the portal");
      await page.getByLabel("At most this many deliveries a second (optional)").fill("");
      await page.getByRole("button", { name: "Save" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "changed");
      expect(await fact(page, "Description")).toBe("Changed in the portal");
      expect(await fact(page, "At most")).toBe("no limit");

      // A test event reaches the receiver.
      await page.getByRole("button", { name: "Send a test event" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "tested");
      await waitFor(() => expect(receiver.for("made").map((r) => r.payload.type)).toContain("subscription.test"));

      // Rotation: the new secret once; the next delivery verifies with it alone and with the old one alone.
      await page.getByRole("button", { name: "Rotate secret" }).click();
      await expect.poll(() => page.getByLabel("New signing secret").count()).toBe(1);
      const rotated = await page.getByLabel("New signing secret").inputValue();
      expect(rotated).not.toBe(secret);
      await createOrder("W-2");
      await waitFor(() => expect(receiver.for("made")).toHaveLength(3));
      const last = receiver.for("made")[2]!;
      for (const key of [rotated, secret]) expect(() => new Webhook(key).verify(last.body, last.headers)).not.toThrow();
      // The secret is on the answer to the rotation only: the subscription's own page never shows it.
      await page.goto(`${server.url}/portal/subscriptions/made`);
      expect(await page.getByLabel("New signing secret").count()).toBe(0);
      expect(await page.content()).not.toContain(rotated);
      expect(failed).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(skipBrowserTests)("offers a reader neither the form nor the actions", async () => {
    const { server } = world;
    const reader = await createPrincipalWithToken(server.t, {
      password: PASSWORD,
      email: "hooks-form-reader@example.test",
      acl: ["subscriptions:read", "me:*"],
    });
    const { context, failed } = await world.newContext();
    const page = await newPage(context);
    await signIn(page, server.url, reader.email, "/portal/subscriptions");
    expect(await page.getByRole("link", { name: "New subscription" }).count()).toBe(0);
    const refused = await page.goto(`${server.url}/portal/subscriptions/new`);
    expect(refused!.status()).toBe(403);
    expect(await page.getByRole("alert").innerText()).toContain("subscriptions:write");
    expect(await page.getByRole("checkbox").count()).toBe(0);
    expect(failed).toEqual([]);
    await context.close();
  });
});
