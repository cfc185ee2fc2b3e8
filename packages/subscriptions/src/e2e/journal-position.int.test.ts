import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { streamIdOf } from "@platform/actor-runtime";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { startWebhookReceiver } from "../testing/webhook-receiver.ts";
import type { WebhookReceiver } from "../testing/webhook-receiver.ts";
import { createOrder, subscribe, testContexts } from "../test-support/fixtures.ts";

/**
 * One position across the API: a journal entry's `position` is the string a webhook's
 * `position`, a delivery's `eventPosition` and a replay's `fromPosition` use, so a consumer
 * goes from a journal entry straight to a replay.
 */
let t: TestPlatform;
let receiver: WebhookReceiver;
let admin: { token: string; principalId: string };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestPlatform(testContexts(), { OUTBOUND_ALLOW_PRIVATE: "true" });
  admin = await createPrincipalWithToken(t, { roles: ["system:owner"] });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

type Entry = { type: string; version: number; position: string; globalPosition: number };
const journal = async (path: string) => {
  const r = await t.request("GET", `${path}/journal?limit=100`, { token: admin.token });
  expect(r.status, await r.clone().text()).toBe(200);
  return ((await r.json()) as { events: Entry[] }).events;
};
const waitFor = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });

describe("a journal entry's position", () => {
  it(
    "is the webhook's position and a delivery's eventPosition, and a replay from it starts at " + "that very event",
    async () => {
      await subscribe(t, receiver, admin.token, "from-journal");
      await createOrder(t, admin.token);
      const b = await createOrder(t, admin.token);
      await waitFor(() => expect(receiver.for("from-journal")).toHaveLength(8));

      // b's second event: a replay from it must skip b's first, which shares its transaction.
      const entries = await journal(`/resources/actors/order/${b}`);
      const entry = entries[1]!;
      const stored = (await t.platform.store.readStream(`order-${b}`))[1]!;
      expect(entry).toMatchObject({
        type: "DeliveryCreated",
        version: 2,
        position: stored.position,
        globalPosition: stored.globalPosition,
      });
      const first = receiver
        .for("from-journal")
        .find((r) => r.payload.stream === `order-${b}` && r.payload.version === 2)!;
      expect(first.payload).toMatchObject({ id: stored.id, position: entry.position });

      const r = await t.request("POST", "/resources/subscriptions/from-journal/replay", {
        token: admin.token,
        body: { fromPosition: entry.position },
      });
      expect(r.status, await r.clone().text()).toBe(200);
      await waitFor(() => expect(receiver.for("from-journal")).toHaveLength(11));
      const replayed = receiver.for("from-journal").slice(8);
      expect(replayed.map((x) => [x.payload.stream, x.payload.version])).toEqual([
        [`order-${b}`, 2],
        [`order-${b}`, 3],
        [`order-${b}`, 4],
      ]);
      expect(replayed[0]!.webhookId).toBe(stored.id);
      expect(replayed[0]!.payload).toMatchObject({ id: stored.id, type: "DeliveryCreated", position: entry.position });
      expect(replayed.map((x) => x.payload.position)).toEqual(entries.slice(1).map((e) => e.position));

      await waitFor(async () => {
        const d = await t.request("GET", "/resources/subscriptions/from-journal/deliveries?limit=100", {
          token: admin.token,
        });
        const attempts = ((await d.json()) as { deliveries: { webhookId: string; eventPosition: string }[] })
          .deliveries;
        expect(attempts.filter((x) => x.webhookId === stored.id).map((x) => x.eventPosition)).toEqual([
          entry.position,
          entry.position,
        ]);
      });
    },
  );

  it("shows on every journal route: the actor API's, IAM's and a subscription's own", async () => {
    const order = await createOrder(t, admin.token);
    const routes: [string, string][] = [
      [`/resources/actors/order/${order}`, streamIdOf("order", order)],
      [`/resources/iam/principals/${admin.principalId}`, streamIdOf("principal", admin.principalId)],
      ["/resources/subscriptions/from-journal", streamIdOf("subscription", "from-journal")],
    ];
    for (const [path, streamId] of routes) {
      const stored = await t.platform.store.readStream(streamId);
      expect(stored.length, path).toBeGreaterThan(0);
      const shown = (await journal(path)).map((e) => [e.version, e.position, e.globalPosition]);
      expect(shown, path).toEqual(stored.map((e) => [e.version, e.position, e.globalPosition]));
    }
  });
});
