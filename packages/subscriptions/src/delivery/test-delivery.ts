import { newId } from "@platform/kernel";
import type { PlatformDeps } from "@platform/host";
import type { LiveSubscription } from "../subscription/state.ts";
import type { Sender } from "./send-event.ts";
import type { Transformer } from "./transform.ts";

/** The type of a test event: not an event of the log, so no subscription's eventTypes can name it. */
const TEST_EVENT_TYPE = "subscription.test";

/**
 * One `subscription.test` delivery (POST …/test), made now and sent in the background, once: signed, checked by the
 * outbound rule and rewritten by the transform as any delivery is, and logged among the deliveries (with no log
 * position). It is sent whatever the subscription's status, so that a paused or failing endpoint can be tried before
 * it is resumed. Its webhook id, which the deliveries list shows.
 */
export const testDelivery = (
  deps: PlatformDeps,
  sub: LiveSubscription,
  send: Sender,
  transform: Transformer,
): string => {
  const webhookId = newId();
  const at = new Date().toISOString();
  const payload = {
    id: webhookId,
    type: TEST_EVENT_TYPE,
    stream: `subscription-${sub.subscriptionId}`,
    version: null,
    position: null,
    at,
    data: { subscriptionId: sub.subscriptionId, message: "A test event: this endpoint receives this subscription." },
    metadata: { at },
  };
  void (async () => {
    const body = sub.transform
      ? await transform(sub.transform, sub.maker, webhookId, payload)
      : JSON.stringify(payload);
    await send(sub, { webhookId, eventPosition: null, eventType: TEST_EVENT_TYPE, at: undefined, body }, 1);
  })().catch((err: unknown) =>
    deps.log.error({ subscriptionId: sub.subscriptionId, err }, "a test event could not be sent"),
  );
  return webhookId;
};
