import { sendingsContract } from "./contract/index.ts";
import { Hono } from "hono";
import { defineContext } from "@platform/host";
import type { BoundedContext, PlatformDeps } from "@platform/host";
import { sendingActor } from "./sending/actor.ts";
import { sendingsMigrations } from "./read-model/migrations.ts";
import { sendingsProjection } from "./read-model/projection.ts";
import { sendingsEdge } from "./read-model/graph-edge.ts";
import { sendingsRoutes } from "./routes/sendings.ts";
import { declareSendingsMetrics } from "./metrics.ts";
import { createSendingsApi } from "./sendings-service.ts";
import { sendingsInternalPort } from "./sendings-service.ts";
import { createDispatcher } from "./dispatch/dispatcher.ts";
import type { DispatcherOptions } from "./dispatch/dispatcher.ts";
import { sendingsHealth } from "./health.ts";
import { createRecipientErasure, erasureReactor, erasureTask } from "./erasure/recipient-erasure.ts";
import type { RecipientErasure } from "./erasure/recipient-erasure.ts";
import { ports } from "@platform/ports";

export type { SendingsApi, QueueEmailOptions } from "./sendings-service.ts";
export type { EmailInput } from "./input/email-input.ts";
export type { SendingRecord } from "./read-model/record.ts";
export type { SendingStatus } from "./sending/state.ts";

export type SendingsContextOptions = { readonly dispatcher?: DispatcherOptions };

/**
 * The sendings context: the `sending` actor, its read model, the REST endpoints under
 * /resources/sendings, its /metrics families, the `sendings.api` service and the SMTP dispatcher.
 */
export const createSendingsContext = (options: SendingsContextOptions = {}): BoundedContext => {
  const api = (deps: PlatformDeps) => deps.ports.get(sendingsInternalPort);
  // One per platform: the contact handler, the reactor and the sweep share it.
  const erasures = new WeakMap<PlatformDeps, RecipientErasure>();
  const erasure = (deps: PlatformDeps) =>
    erasures.get(deps) ?? erasures.set(deps, createRecipientErasure(deps)).get(deps)!;
  return defineContext({
    name: "sendings",
    requires: [ports.authenticator],
    provides: [ports.sendings],
    contract: sendingsContract,
    migrations: sendingsMigrations,
    actors: [sendingActor],
    projections: [sendingsProjection],
    graphEdges: [sendingsEdge],
    setup: (deps) => {
      const internal = createSendingsApi(deps);
      deps.ports.provide(sendingsInternalPort, internal);
      deps.ports.provide(ports.sendings, internal);
      deps.personalData.onContactsErased((contacts) => erasure(deps).eraseContacts(contacts));
    },
    routes: (deps) => new Hono().route("/", sendingsRoutes(deps, api(deps))),
    metrics: declareSendingsMetrics,
    reactors: (deps) => [erasureReactor(erasure(deps))],
    tasks: (deps) => [
      createDispatcher(deps, options.dispatcher),
      erasureTask(erasure(deps), deps.config.sendings.intervalMs, deps.log),
    ],
    health: (deps) =>
      sendingsHealth(deps.db.kysely, {
        email: !!deps.config.smtpUrl,
        sms: !!deps.config.sms,
        push: !!deps.config.push,
      }),
  });
};

export const sendingsContext = createSendingsContext();
export { sendingsContract } from "./contract/index.ts";
