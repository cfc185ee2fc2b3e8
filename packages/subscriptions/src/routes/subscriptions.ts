import { Hono } from "hono";
import { DomainError, isDomainError } from "@platform/kernel";
import type { Transform } from "../subscription/events.ts";
import {
  bearerAuth,
  ifMatchVersion,
  initiatorOf,
  parsePage,
  readJson,
  requirePermission,
  validate,
} from "@platform/http";
import { outboundUrlProblem } from "@platform/outbound";
import type { PlatformDeps } from "@platform/host";
import { SubscriptionBody } from "../contract/requests.ts";
import { listSubscriptions } from "../read-model/queries.ts";
import type { AttemptLog } from "../delivery/attempts.ts";
import { newSecret } from "../delivery/webhook.ts";
import { BASE, RESOURCE, answerSubscription, idOf, makerOf, requireExisting } from "./common.ts";
import { subscriptionCheckpoints } from "./checkpoints.ts";
import { EVENT_TYPES_ID } from "./event-types.ts";
import type { GatewayEnv } from "@platform/http";
import { ports } from "@platform/ports";

const invalid = (path: string, message: string) =>
  new DomainError("VALIDATION_FAILED", "The subscription is invalid", [{ path, message }]);

/** A transform names a component an installed app has (whether its run may do anything is the sandbox's affair). */
const checkTransform = async (deps: PlatformDeps, transform: Transform) => {
  const components = deps.ports.find(ports.appComponents);
  if (!components) throw invalid("transform", "this service runs no app components");
  try {
    await components.resolve(`${transform.appId}/${transform.componentId}`, "transform");
  } catch (e) {
    if (isDomainError(e) && e.code === "VALIDATION_FAILED") throw invalid("transform", "names no installed component");
    throw e;
  }
};

/** `/resources/subscriptions` (docs/WEBHOOKS.md): PUT (create, the secret shown once, or change), GET, list, DELETE. */
export const subscriptionRoutes = (
  deps: PlatformDeps,
  attempts: AttemptLog,
  changed: (id: string) => Promise<void>,
): Hono<GatewayEnv> => {
  const app = new Hono<GatewayEnv>();
  const auth = bearerAuth(() => deps.ports.get(ports.authenticator));
  app.use(BASE, auth);
  app.use(`${BASE}/*`, auth);
  const checkpoints = subscriptionCheckpoints(deps.db.pool);
  // Every event type a mounted context publishes; a subscription names only those (a typo would deliver nothing,
  // silently).
  const known = new Set(deps.contracts.flatMap((c) => Object.keys(c.events ?? {})));

  app.get(BASE, async (c) => {
    requirePermission(c, RESOURCE, "read");
    return c.json(await listSubscriptions(deps.db.kysely, parsePage(c.req.query())));
  });

  app.get(`${BASE}/:id`, async (c) => {
    requirePermission(c, RESOURCE, "read");
    return answerSubscription(deps, c, idOf(c));
  });

  app.put(`${BASE}/:id`, async (c) => {
    const caller = requirePermission(c, RESOURCE, "write");
    const id = idOf(c);
    if (id === EVENT_TYPES_ID)
      throw invalid("subscriptionId", `'${id}' is the event catalog's path: choose another id`);
    const body = validate(SubscriptionBody, await readJson(c), "The subscription");
    if (body.subscriptionId !== undefined && body.subscriptionId !== id)
      throw invalid("subscriptionId", `must equal the id of the path ('${id}')`);
    const problem = outboundUrlProblem(body.url, deps.config.outboundAllowPrivate);
    if (problem) throw invalid("url", problem);
    body.eventTypes.forEach((t, i) => {
      if (!known.has(t)) throw invalid(`eventTypes.${i}`, `'${t}' is not an event type of this service`);
    });
    if (body.transform) await checkTransform(deps, body.transform);
    const spec = {
      url: body.url,
      eventTypes: [...new Set(body.eventTypes)],
      description: body.description ?? null,
      maxPerSecond: body.maxPerSecond ?? null,
      transform: body.transform ?? null,
    };
    const secret = newSecret();
    const result = await deps.runtime.execute(
      "subscription",
      id,
      [{ type: "put", subscriptionId: id, spec, maker: makerOf(caller), secret }],
      initiatorOf(c),
      {
        existence: "any",
        expectedVersion: ifMatchVersion(c, { required: false }),
      },
    );
    const created = result.events[0]?.type === "SubscriptionCreated";
    // A new subscription delivers what comes after its creation, nothing older unless replayed.
    if (created) await checkpoints.set(id, result.position);
    await changed(id);
    return answerSubscription(deps, c, id, created ? 201 : 200, created ? { secret } : {});
  });

  app.delete(`${BASE}/:id`, async (c) => {
    requirePermission(c, RESOURCE, "delete");
    const id = idOf(c);
    await requireExisting(deps, id);
    await deps.runtime.execute("subscription", id, [{ type: "delete" }], initiatorOf(c), {
      existence: "exists",
      expectedVersion: ifMatchVersion(c, { required: false }),
    });
    await changed(id);
    await checkpoints.remove(id);
    await attempts.forget(id);
    return c.body(null, 204);
  });

  return app;
};
