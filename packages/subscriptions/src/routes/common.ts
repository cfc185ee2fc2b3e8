import type { Context } from "hono";
import * as v from "valibot";
import { DomainError, inheritedAttributes } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import { setEtag } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { SubscriptionId } from "../contract/requests.ts";
import { findSubscription, toSubscription } from "../read-model/queries.ts";
import type { Maker } from "../subscription/events.ts";

export const BASE = "/resources/subscriptions";
export const RESOURCE = "subscriptions";

const notFound = () => new DomainError("NOT_FOUND", "Subscription not found");

/** The path's id; one no subscription could have is not found. */
export const idOf = (c: Context): string => {
  const id = c.req.param("id")!;
  if (!v.is(SubscriptionId, id)) throw notFound();
  return id;
};

/**
 * Who writes a subscription becomes its maker: its deliveries carry at most this identity's
 * rights of the moment, narrowed by its token's scope and its attributes of now.
 */
export const makerOf = (caller: Caller): Maker => ({
  ...(caller.principalId ? { principalId: caller.principalId } : {}),
  ...(caller.clientId ? { clientId: caller.clientId } : {}),
  attributes: inheritedAttributes(caller),
  scope: caller.tokenScope,
});

/** The subscription as the read model has it now, with its ETag; `extra` adds the secret to a creation's answer. */
export const answerSubscription = async (
  deps: PlatformDeps,
  c: Context,
  id: string,
  status: 200 | 201 = 200,
  extra: { secret?: string } = {},
) => {
  const row = await findSubscription(deps.db.kysely, id);
  if (!row) throw notFound();
  setEtag(c, row.version);
  return c.json({ ...toSubscription(row), ...extra }, status);
};

/** 404 unless the subscription exists (its actor, current in this process). */
export const requireExisting = async (deps: PlatformDeps, id: string) => {
  const loaded = await deps.runtime.load("subscription", id);
  if (loaded.version === 0 || (loaded.state as { status: string }).status === "none") throw notFound();
  return loaded;
};
