import { describe, expect, it } from "vitest";
import { fold, given } from "../testing/given.ts";
import type { Maker, SubscriptionEvent } from "./events.ts";

const T = "2026-11-27T10:00:00.000Z";
const maker: Maker = { principalId: "0190a000-0000-7000-8000-000000000001", attributes: {} };
const spec = {
  url: "https://hooks.example.com/in",
  eventTypes: ["OrderCreated"],
  description: null,
  maxPerSecond: null,
  transform: null,
};
const created: SubscriptionEvent = {
  type: "SubscriptionCreated",
  data: { subscriptionId: "erp", ...spec, maker, secret: "whsec_c2VjcmV0" },
};
const put = (over: Partial<typeof spec> = {}, by: Maker = maker) => ({
  type: "put" as const,
  subscriptionId: "erp",
  spec: { ...spec, ...over },
  maker: by,
  secret: "whsec_c2VjcmV0",
});
const failing: SubscriptionEvent = {
  type: "SubscriptionFailing",
  data: { at: T, eventPosition: "p9", error: "HTTP 503" },
};

describe("subscription decider", () => {
  it("creates a subscription with the secret it was given", () => given([]).when(put()).then([created]));
  it("records nothing for a PUT of what is there", () => given([created]).when(put()).then([]));
  it("records a change, and who made it: the new maker's rights carry the deliveries", () => {
    const other = { clientId: "etl", attributes: { channelKey: ["web"] } };
    given([created])
      .when(put({ eventTypes: ["OrderCreated", "OrderDeleted"] }, other))
      .then([
        { type: "SubscriptionChanged", data: { ...spec, eventTypes: ["OrderCreated", "OrderDeleted"], maker: other } },
      ]);
  });
  it("keeps the secret across changes and drops it from the view's source only on delete", () => {
    const s = fold([created, { type: "SubscriptionChanged", data: { ...spec, url: "https://b.example.com/", maker } }]);
    expect(s).toMatchObject({ status: "active", url: "https://b.example.com/", secret: "whsec_c2VjcmV0" });
    expect(fold([created, { type: "SubscriptionDeleted", data: { subscriptionId: "erp" } }])).toEqual({
      status: "none",
      deleted: true,
    });
  });
  it("pauses and resumes, each once", () => {
    given([created])
      .when({ type: "pause", at: T })
      .then([{ type: "SubscriptionPaused", data: { at: T } }]);
    given([created, { type: "SubscriptionPaused", data: { at: T } }])
      .when({ type: "pause", at: T })
      .then([]);
    given([created]).when({ type: "resume", at: T }).then([]);
  });
  it("marks an active subscription failing, and a resume clears it", () => {
    given([created]).when({ type: "markFailing", at: T, eventPosition: "p9", error: "HTTP 503" }).then([failing]);
    expect(fold([created, failing])).toMatchObject({
      status: "failing",
      failing: { eventPosition: "p9", error: "HTTP 503" },
    });
    given([created, failing])
      .when({ type: "resume", at: T })
      .then([{ type: "SubscriptionResumed", data: { at: T } }]);
    expect(fold([created, failing, { type: "SubscriptionResumed", data: { at: T } }])).toMatchObject({
      status: "active",
      failing: null,
    });
  });
  it("leaves a paused subscription paused when a delivery finds it failing", () =>
    given([created, { type: "SubscriptionPaused", data: { at: T } }])
      .when({ type: "markFailing", at: T, eventPosition: "p9", error: "HTTP 503" })
      .then([]));
  it("records the throttle and the transform a PUT sets, and a PUT of the same as nothing", () => {
    const transform = { appId: "erp", componentId: "to-erp" };
    given([created])
      .when(put({ maxPerSecond: 5, transform } as never))
      .then([{ type: "SubscriptionChanged", data: { ...spec, maxPerSecond: 5, transform, maker } }]);
    const changed: SubscriptionEvent = {
      type: "SubscriptionChanged",
      data: { ...spec, maxPerSecond: 5, transform, maker },
    };
    given([created, changed])
      .when(put({ maxPerSecond: 5, transform } as never))
      .then([]);
    expect(fold([created, changed])).toMatchObject({ maxPerSecond: 5, transform });
    // Events written before the fields existed leave them out: no limit, no transform.
    expect(fold([created])).toMatchObject({ maxPerSecond: null, transform: null });
    given([created]).when(put()).then([]);
  });
  it("rotates the secret: the new one signs, the old one beside it for a day", () => {
    const rotated: SubscriptionEvent = {
      type: "SubscriptionSecretRotated",
      data: { at: T, secret: "whsec_bmV3", previousUntil: "2026-11-28T10:00:00.000Z" },
    };
    given([created]).when({ type: "rotateSecret", at: T, secret: "whsec_bmV3" }).then([rotated]);
    expect(fold([created, rotated])).toMatchObject({
      secret: "whsec_bmV3",
      previousSecret: { secret: "whsec_c2VjcmV0", until: "2026-11-28T10:00:00.000Z" },
    });
    given([]).when({ type: "rotateSecret", at: T, secret: "whsec_bmV3" }).thenRejects("NOT_FOUND");
  });
  it("records a replay", () =>
    given([created])
      .when({ type: "replay", at: T, fromPosition: "p1" })
      .then([{ type: "SubscriptionReplayed", data: { at: T, fromPosition: "p1" } }]));
  it("deletes, and refuses everything but a PUT on one that is not there", () => {
    given([created])
      .when({ type: "delete" })
      .then([{ type: "SubscriptionDeleted", data: { subscriptionId: "erp" } }]);
    for (const c of [
      { type: "pause", at: T },
      { type: "resume", at: T },
      { type: "replay", at: T, fromPosition: "p1" },
      { type: "delete" },
    ] as const)
      given([]).when(c).thenRejects("NOT_FOUND");
    given([created, { type: "SubscriptionDeleted", data: { subscriptionId: "erp" } }])
      .when(put())
      .then([created]);
  });
});
