import { systemClock } from "@platform/kernel";
import type { Clock } from "@platform/kernel";

/** Tunables of the authorization server; the defaults are what production uses. */
export type OAuthOptions = {
  /** Authorization codes live this long (RFC 6749 §4.1.2 recommends ≤ 10 min). Default 60 s. */
  readonly codeTtlS: number;
  /** A signed-in browser session (the login cookie) lasts this long. Default 8 hours. */
  readonly browserSessionTtlS: number;
  /** A signing key signs for this many days, then a new one is made; it stays in the JWKS as long again. Default 30. */
  readonly keyRotationDays: number;
  /** id_token lifetime. Default 1 hour. */
  readonly idTokenTtlS: number;
  /**
   * An upper bound on a PAT's lifetime, on top of the fixed "one calendar year from now" (the spec's "at most 1 year").
   * Default 366 days (so only the calendar year applies).
   */
  readonly patMaxTtlS: number;
  /** Back-channel logout: the first retry after this, doubling (± 10 %), at most an hour apart. Default 5 s. */
  readonly logoutRetryBaseMs: number;
  /** Back-channel logout: a session's end is retried this long, then given up. Default 24 hours. */
  readonly logoutGiveUpMs: number;
  /** Back-channel logout: how often a worker looks for due retries (a new end wakes it at once). Default 1 s. */
  readonly logoutPollMs: number;
  readonly clock: Clock;
};

const defaultOAuthOptions: OAuthOptions = {
  codeTtlS: 60,
  browserSessionTtlS: 8 * 3600,
  keyRotationDays: 30,
  idTokenTtlS: 3600,
  patMaxTtlS: 366 * 24 * 3600,
  logoutRetryBaseMs: 5000,
  logoutGiveUpMs: 24 * 3_600_000,
  logoutPollMs: 1000,
  clock: systemClock,
};

export type OAuthOptionsInput = Partial<OAuthOptions>;

export const resolveOptions = (input: OAuthOptionsInput = {}): OAuthOptions => ({ ...defaultOAuthOptions, ...input });
