import { isDomainError } from "@platform/kernel";
import type { PlatformDeps } from "@platform/host";
import { ports } from "@platform/ports";
import type { Maker, Transform } from "../subscription/events.ts";

/** Who a transform's run is, in logs and the journal: the deliverer, with the event as correlation. */
const transformer = (eventId: string) => ({
  clientId: "system:subscriptions-deliverer",
  correlationId: eventId,
  causationId: eventId,
});

/**
 * A subscription's transform (docs/WEBHOOKS.md): its app component runs in the sandbox, with its limits, on the
 * parameter `event` (the body that would be delivered), and what it returns is the body delivered and signed instead.
 * It runs with no ctx rights (an empty acl): it rewrites, it does not act. Its input, the events, is kept nowhere (no
 * run record, no log line). The subscription's maker grants the run, as it grants the deliveries: one deleted or
 * suspended since fails it. A failed run is a failed delivery with its error (retried like any other).
 */
export const createTransformer =
  (deps: PlatformDeps) =>
  async (
    transform: Transform,
    maker: Maker,
    eventId: string,
    payload: unknown,
  ): Promise<string | { failed: string }> => {
    const components = deps.ports.find(ports.appComponents);
    if (!components) return { failed: "TRANSFORM_FAILED: this service runs no app components" };
    const ref = `${transform.appId}/${transform.componentId}`;
    try {
      const ran = await components.run(
        ref,
        { event: payload },
        {
          acl: [],
          grantors: [{ maker, as: "The subscription's maker" }],
          who: transformer(eventId),
          purpose: "transform",
        },
      );
      if (!ran.ok) return { failed: `TRANSFORM_FAILED: ${ref}: ${ran.error.code}: ${ran.error.message}` };
      return JSON.stringify(ran.value ?? null);
    } catch (e) {
      if (isDomainError(e) && e.code === "FORBIDDEN") return { failed: `TRANSFORM_FAILED: ${e.message}` };
      throw e;
    }
  };
export type Transformer = ReturnType<typeof createTransformer>;
