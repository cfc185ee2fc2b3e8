import { Hono } from "hono";
import type { Context } from "hono";
import { streamIdOf } from "@platform/actor-runtime";
import { DomainError } from "@platform/kernel";
import { bearerAuth, initiatorOf, journalPage, parsePage, readJson, requirePermission, validate } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { ReplayBody } from "../contract/requests.ts";
import { listDeliveries } from "../delivery/attempts.ts";
import { positionBefore } from "../delivery/positions.ts";
import { newSecret, shownData } from "../delivery/webhook.ts";
import type { LiveSubscription } from "../subscription/state.ts";
import type { SubscriptionCommand } from "../subscription/commands.ts";
import { BASE, RESOURCE, answerSubscription, idOf, requireExisting } from "./common.ts";
import { subscriptionCheckpoints } from "./checkpoints.ts";
import type { GatewayEnv } from "@platform/http";
import { ports } from "@platform/ports";

/** Pause, resume, replay; the recent deliveries and the journal of one subscription. */
export const subscriptionActionRoutes = (
  deps: PlatformDeps,
  changed: (id: string) => Promise<void>,
  test: (sub: LiveSubscription) => string,
): Hono<GatewayEnv> => {
  const app = new Hono<GatewayEnv>();
  const auth = bearerAuth(() => deps.ports.get(ports.authenticator));
  app.use(`${BASE}/*`, auth);
  const checkpoints = subscriptionCheckpoints(deps.db.pool);

  const act = async (
    c: Context,
    command: (at: string) => SubscriptionCommand,
    after?: (id: string) => Promise<void>,
  ) => {
    requirePermission(c, RESOURCE, "write");
    const id = idOf(c);
    await requireExisting(deps, id);
    await deps.runtime.execute("subscription", id, [command(new Date().toISOString())], initiatorOf(c), {
      existence: "exists",
    });
    await after?.(id);
    await changed(id);
    return answerSubscription(deps, c, id);
  };

  app.post(`${BASE}/:id/pause`, (c) => act(c, (at) => ({ type: "pause", at })));
  app.post(`${BASE}/:id/resume`, (c) => act(c, (at) => ({ type: "resume", at })));
  app.post(`${BASE}/:id/replay`, async (c) => {
    requirePermission(c, RESOURCE, "write");
    idOf(c);
    const { fromPosition } = validate(ReplayBody, await readJson(c));
    return act(
      c,
      (at) => ({ type: "replay", at, fromPosition }),
      (id) => checkpoints.set(id, positionBefore(fromPosition)),
    );
  });

  // A new secret, shown once; the old one signs beside it for a day (the decider's PREVIOUS_SECRET_MS), then ends.
  app.post(`${BASE}/:id/rotate-secret`, async (c) => {
    requirePermission(c, RESOURCE, "write");
    const id = idOf(c);
    await requireExisting(deps, id);
    const secret = newSecret();
    await deps.runtime.execute(
      "subscription",
      id,
      [{ type: "rotateSecret", at: new Date().toISOString(), secret }],
      initiatorOf(c),
      { existence: "exists" },
    );
    await changed(id);
    return c.json({ secret }, 200);
  });

  app.post(`${BASE}/:id/test`, async (c) => {
    requirePermission(c, RESOURCE, "write");
    const id = idOf(c);
    const loaded = await requireExisting(deps, id);
    return c.json({ webhookId: test(loaded.state as LiveSubscription) }, 202);
  });

  app.get(`${BASE}/:id/deliveries`, async (c) => {
    requirePermission(c, RESOURCE, "read");
    const id = idOf(c);
    await requireExisting(deps, id);
    return c.json(await listDeliveries(deps.db.kysely, id, parsePage(c.req.query())));
  });

  app.get(`${BASE}/:id/journal`, async (c) => {
    requirePermission(c, RESOURCE, "read");
    const id = idOf(c);
    const loaded = await deps.runtime.load("subscription", id);
    // A deleted subscription's journal stays readable: who deleted it, and when.
    if (loaded.version === 0) throw new DomainError("NOT_FOUND", "Subscription not found");
    const page = await journalPage(deps.store, streamIdOf("subscription", id), loaded.version, c.req.query());
    const events = page.events as readonly { type: string; data: unknown }[];
    return c.json({ ...page, events: events.map((e) => ({ ...e, data: shownData(e) })) });
  });

  return app;
};
