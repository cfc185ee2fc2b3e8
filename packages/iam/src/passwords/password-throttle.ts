import type { SqlPool } from "@platform/db";
import type { Clock } from "@platform/kernel";
import { createAttemptThrottle } from "../throttle/attempt-throttle.ts";
import type { ThrottleOptions } from "../throttle/attempt-throttle.ts";

export { addressKey, delayAfter } from "../throttle/attempt-throttle.ts";
export type { ThrottleOptions } from "../throttle/attempt-throttle.ts";

/** Passwords: 3 free failures per account, 20 per address, then 1 s doubling to 60 s; forgotten after 15 min. */
export const defaultThrottleOptions: ThrottleOptions = {
  freeFailures: 3,
  addressFreeFailures: 20,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  forgetAfterS: 900,
};

/** The longest email an account can have (RFC 5321): longer input is never an account, nor a key. */
export const MAX_EMAIL_LENGTH = 320;

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;

/**
 * Progressive delay for password checks (sign-in and `currentPassword`), per account and per
 * client address, counted in `iam_password_attempts` (see attempt-throttle.ts for how).
 */
export const createPasswordThrottle = (deps: {
  readonly pool: SqlPool;
  readonly clock: Clock;
  readonly options: ThrottleOptions;
}) =>
  createAttemptThrottle({
    ...deps,
    table: "iam_password_attempts",
    refusal: (s) => `Too many failed sign-in attempts. Try again in ${s} second${s === 1 ? "" : "s"}.`,
  });

export type PasswordThrottle = ReturnType<typeof createPasswordThrottle>;
