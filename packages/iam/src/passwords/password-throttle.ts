import type { SqlPool } from "@platform/db";
import { DomainError } from "@platform/kernel";
import type { Clock } from "@platform/kernel";

/** Progressive delay for password attempts (per account and per address): no lockout, just slower. */
export type ThrottleOptions = {
  /** Failures of one account allowed before any delay. Default 3. */
  readonly freeFailures: number;
  /** Failures from one address allowed before any delay (higher: an office or a proxy shares one). Default 20. */
  readonly addressFreeFailures: number;
  /** The first delay; it doubles with each further failure. Default 1 s. */
  readonly baseDelayMs: number;
  /** The delay never grows past this. Default 60 s. */
  readonly maxDelayMs: number;
  /** Failures older than this are forgotten. Default 15 min. */
  readonly forgetAfterS: number;
};

export const defaultThrottleOptions: ThrottleOptions = { freeFailures: 3, addressFreeFailures: 20, baseDelayMs: 1000, maxDelayMs: 60_000, forgetAfterS: 900 };

/** How long after the last failure the next attempt must wait, given the failures so far. */
export const delayAfter = (failures: number, free: number, o: Pick<ThrottleOptions, "baseDelayMs" | "maxDelayMs">): number =>
  failures < free ? 0 : Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.min(failures - free, 30));

/** The longest email an account can have (RFC 5321): longer input is never an account, nor a key. */
export const MAX_EMAIL_LENGTH = 320;

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (address: string) => `address:${address}`;

const freeFor = (key: string, o: ThrottleOptions) => (key.startsWith("address:") ? o.addressFreeFailures : o.freeFailures);

type Row = { failures: number; last_failure_at: Date | string };

/**
 * Progressive delay for password checks, per account and per client address, kept in
 * `iam_password_attempts` so every gateway process counts the same attempts.
 *
 * An attempt is *reserved* before the password is checked: one statement counts it as a
 * failure if, and only if, the key's delay has passed. Fifty guesses sent at once therefore
 * get through no more often than fifty sent one after another; the rest are refused without
 * a password check. A right password gives its reservation back. Waiting always works again:
 * there is no lockout an attacker could use to keep a user out.
 */
export const createPasswordThrottle = (deps: { readonly pool: SqlPool; readonly clock: Clock; readonly options: ThrottleOptions }) => {
  const o = deps.options;

  /** Counts one attempt on `key` when its delay has passed (true); otherwise changes nothing (false). */
  const reserveOne = async (key: string, now: Date): Promise<boolean> => {
    const forgetBefore = new Date(now.getTime() - o.forgetAfterS * 1000).toISOString();
    const { rows } = await deps.pool.query(
      `INSERT INTO iam_password_attempts AS a (key, failures, last_failure_at) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN a.last_failure_at < $3 THEN 1 ELSE a.failures + 1 END,
         last_failure_at = $2
       WHERE a.last_failure_at < $3 OR a.failures < $4
          OR a.last_failure_at + LEAST($6::double precision, $5::double precision * power(2::double precision, LEAST(a.failures - $4::int, 30))) * interval '1 millisecond' <= $2
       RETURNING a.failures`,
      [key, now.toISOString(), forgetBefore, freeFor(key, o), o.baseDelayMs, o.maxDelayMs],
    );
    return rows.length === 1;
  };

  /** Milliseconds until `key` takes an attempt again. */
  const waitOf = async (key: string, now: Date): Promise<number> => {
    const { rows } = await deps.pool.query<Row>("SELECT failures, last_failure_at FROM iam_password_attempts WHERE key = $1", [key]);
    const r = rows[0];
    if (!r) return 0;
    const last = new Date(r.last_failure_at).getTime();
    if (now.getTime() - last >= o.forgetAfterS * 1000) return 0;
    return Math.min(o.maxDelayMs, Math.max(1, last + delayAfter(r.failures, freeFor(key, o), o) - now.getTime()));
  };

  /** RATE_LIMITED with the whole seconds to wait in `details.retryAfterS` (the gateway sets `Retry-After` from it). */
  const throttled = (waitMs: number) => {
    const retryAfterS = Math.max(1, Math.ceil(waitMs / 1000));
    return new DomainError("RATE_LIMITED", `Too many failed sign-in attempts. Try again in ${retryAfterS} second${retryAfterS === 1 ? "" : "s"}.`, { retryAfterS });
  };

  const giveBack = (key: string) => deps.pool.query("UPDATE iam_password_attempts SET failures = GREATEST(failures - 1, 0) WHERE key = $1", [key]);

  const throttle = {
    /**
     * Reserves one attempt on every key, in order, or none: the milliseconds to wait when a
     * key is still slowed down (0 = reserved; check the password now). Put the caller's own
     * key (its address) first, so a refused attempt never touches the account it aimed at.
     */
    async reserve(keys: readonly string[]): Promise<number> {
      const now = deps.clock.now();
      // Forgotten rows are swept now and then (a guessing run over many emails leaves one row each).
      if (Math.random() < 0.02) await deps.pool.query("DELETE FROM iam_password_attempts WHERE last_failure_at < $1", [new Date(now.getTime() - o.forgetAfterS * 1000).toISOString()]);
      const taken: string[] = [];
      for (const key of keys) {
        if (await reserveOne(key, now)) {
          taken.push(key);
          continue;
        }
        for (const k of taken) await giveBack(k);
        return waitOf(key, now);
      }
      return 0;
    },

    /** The reserved attempt had the right password: the account's count is cleared, every other key gets its attempt back. */
    async succeeded(keys: readonly string[]): Promise<void> {
      for (const key of keys) {
        if (key.startsWith("account:")) await deps.pool.query("DELETE FROM iam_password_attempts WHERE key = $1", [key]);
        else await giveBack(key);
      }
    },

    /**
     * One throttled password check: reserves the attempt on `keys` (RATE_LIMITED when they are
     * slowed down), runs `check`, and gives the attempt back when it says the password was right.
     */
    async attempt<T>(keys: readonly string[], check: () => Promise<{ readonly right: boolean; readonly value: T }>): Promise<T> {
      const waitMs = await throttle.reserve(keys);
      if (waitMs > 0) throw throttled(waitMs);
      const { right, value } = await check();
      if (right) await throttle.succeeded(keys);
      return value;
    },
  };
  return throttle;
};

export type PasswordThrottle = ReturnType<typeof createPasswordThrottle>;
