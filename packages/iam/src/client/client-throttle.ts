import type { SqlPool } from "@platform/db";
import type { Clock } from "@platform/kernel";
import { createAttemptThrottle } from "../throttle/attempt-throttle.ts";
import type { ThrottleOptions } from "../throttle/attempt-throttle.ts";

/**
 * Client secrets: 5 free failures per client id, 100 per address (many clients may sit
 * behind one), then 1 s doubling to 60 s; forgotten after 15 min.
 */
export const defaultClientThrottleOptions: ThrottleOptions = {
  freeFailures: 5,
  addressFreeFailures: 100,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  forgetAfterS: 900,
};

/** A client id's key, known or not: guessing ids is slowed down as much as guessing secrets. */
export const clientKey = (clientId: string) => `client:${clientId}`;

/**
 * Progressive delay for client secret checks at the OAuth token, introspection and revocation
 * endpoints, per client id and per client address, counted in `iam_client_attempts` (see
 * attempt-throttle.ts for how; clients use its `checkThenCount`, since a client's own
 * requests come in parallel).
 */
export const createClientThrottle = (deps: {
  readonly pool: SqlPool;
  readonly clock: Clock;
  readonly options: ThrottleOptions;
}) =>
  createAttemptThrottle({
    ...deps,
    table: "iam_client_attempts",
    refusal: (s) => `Too many failed client authentications. Try again in ${s} second${s === 1 ? "" : "s"}.`,
  });

export type ClientThrottle = ReturnType<typeof createClientThrottle>;
