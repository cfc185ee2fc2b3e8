import { afterAll, beforeAll, expect, vi } from "vitest";
import type { Page } from "playwright-core";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { createSubscriptionsContext } from "@platform/subscriptions";
import { startWebhookReceiver } from "@platform/subscriptions/testing";
import type { WebhookReceiver } from "@platform/subscriptions/testing";
import { PASSWORD, PORTAL_TEST_CONTEXTS, startPortalWorld } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";

/**
 * The subscriptions pages against a real receiver on a port, which verifies every delivery's
 * signature: short retry and give-up times, so a refusing receiver turns a subscription
 * failing within the test.
 */
export let world: PortalWorld;
export let receiver: WebhookReceiver;
export let owner: Awaited<ReturnType<typeof createPrincipalWithToken>>;
/** Starts the world (and the receiver) before the file's tests and closes it after them; call once per test file. */
export const useSubscriptionsWorld = () => {
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
};

export type Subscription = {
  status: string;
  position: string | null;
  failure: { eventPosition: string; error: string; at: string } | null;
};
export type Delivery = {
  webhookId: string;
  eventPosition: string;
  eventType: string;
  attempt: number;
  attemptedAt: string;
  status: number | null;
  durationMs: number;
  error: string | null;
};

export const send = (method: string, path: string, body?: unknown) =>
  world.api(path, owner.token, {
    method,
    ...(body === undefined ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
  });
export const get = async (name: string) =>
  (await (await send("GET", `/resources/subscriptions/${name}`)).json()) as Subscription;
export const deliveries = async (name: string) =>
  (
    (await (await send("GET", `/resources/subscriptions/${name}/deliveries?limit=100`)).json()) as {
      deliveries: Delivery[];
    }
  ).deliveries;
export const waitFor = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

/** A subscription to the receiver's `/<name>` for OrderCreated, made over the API; the receiver trusts its secret. */
export const subscribe = async (name: string, description: string) => {
  const res = await send("PUT", `/resources/subscriptions/${name}`, {
    url: receiver.url(name),
    eventTypes: ["OrderCreated"],
    description,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  receiver.trust(name, ((await res.json()) as { secret: string }).secret);
};

/** An order through the actor API: one OrderCreated for every subscription. */
export const createOrder = async (orderNumber: string) => {
  const res = await send("POST", "/resources/actors/order/new", [
    {
      type: "create",
      body: { orderNumber, createdAt: "2026-03-01T12:00:00Z", currencyCode: "SEK", taxIncluded: true },
    },
  ]);
  expect(res.status, await res.clone().text()).toBe(200);
};

/** An instant as the portal writes it (minutes, UTC), spelled out here. */
export const minutes = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export const fact = (page: Page, name: string) => page.locator(`dl.facts dt:text-is('${name}') + dd`).innerText();
/** The cells of a table's first row that holds `has` (a newest-first table: its latest). */
export const rowCells = async (page: Page, table: string, has: string) =>
  (
    await page
      .getByRole("table", { name: table })
      .locator("tbody tr", { hasText: has })
      .first()
      .locator("td")
      .allInnerTexts()
  ).map((x) => x.trim());
export const sections = (page: Page) =>
  page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Subscriptions" });
