import * as v from "valibot";
import { type Env, bool, int, readEnv } from "./env.ts";

const entries = {
  SUBSCRIPTIONS_RETRY_BASE_MS: v.optional(int(1, 3_600_000), "5000"),
  OUTBOUND_ALLOW_PRIVATE: v.optional(bool, "false"),
};

/** Requests the service makes on its own: webhook deliveries, back-channel logouts, pushes. */
export type OutboundConfig = {
  /** SUBSCRIPTIONS_RETRY_BASE_MS: the first retry of a webhook delivery, doubling after. */
  readonly subscriptionsRetryBaseMs: number;
  /**
   * OUTBOUND_ALLOW_PRIVATE=true: requests the service makes on its own (back-channel logout,
   * webhooks) may use http and reach loopback and private addresses: local development and
   * tests only, since otherwise anyone who may register a URL could reach the internal network.
   */
  readonly outboundAllowPrivate: boolean;
};

export const parseOutboundConfig = (env: Env): OutboundConfig => {
  const e = readEnv(entries, env);
  return { subscriptionsRetryBaseMs: e.SUBSCRIPTIONS_RETRY_BASE_MS, outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE };
};
