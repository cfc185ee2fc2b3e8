import type { SqlPool } from "@platform/db";
import { DomainError } from "@platform/kernel";
import type { Clock } from "@platform/kernel";

/** Progressive delay for secret checks (per subject and per address): no lockout, just slower. */
export type ThrottleOptions = {
  /** Failures of one subject (an account, a client id) allowed before any delay. */
  readonly freeFailures: number;
  /** Failures from one address allowed before any delay (higher: an office or a proxy shares one). */
  readonly addressFreeFailures: number;
  /** The first delay; it doubles with each further failure. */
  readonly baseDelayMs: number;
  /** The delay never grows past this. */
  readonly maxDelayMs: number;
  /** Failures older than this are forgotten. */
  readonly forgetAfterS: number;
};

/** How long after the last failure the next attempt must wait, given the failures so far. */
export const delayAfter = (
  failures: number,
  free: number,
  o: Pick<ThrottleOptions, "baseDelayMs" | "maxDelayMs">,
): number => (failures < free ? 0 : Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.min(failures - free, 30)));

/** The key of a client address; every other key names the subject whose secret is checked. */
export const addressKey = (address: string) => `address:${address}`;
const isAddress = (key: string) => key.startsWith("address:");

const freeFor = (key: string, o: ThrottleOptions) => (isAddress(key) ? o.addressFreeFailures : o.freeFailures);

type Row = { failures: number; last_failure_at: Date | string };

export type AttemptThrottleDeps = {
  readonly pool: SqlPool;
  readonly clock: Clock;
  readonly options: ThrottleOptions;
  /** The table of the counts (key, failures, last_failure_at): one per kind of secret, so each keeps its own limits. */
  readonly table: string;
  /** The RATE_LIMITED message for a wait of `retryAfterS` whole seconds. */
  readonly refusal: (retryAfterS: number) => string;
};

/**
 * Progressive delay for secret checks, per subject and per client address, kept in a table
 * so every gateway process counts the same attempts.
 *
 * With `attempt` (passwords), an attempt is *reserved* before the secret is checked: one
 * statement counts it as a failure if, and only if, the key's delay has passed. Fifty guesses
 * sent at once therefore get through no more often than fifty sent one after another; the
 * rest are refused without a check. A right secret gives its reservation back.
 * `checkThenCount` (client secrets) holds nothing while it checks and counts only failures,
 * with the same bound on parallel guesses. Waiting always works again: there is no lockout
 * an attacker could use to keep the subject out.
 */
export const createAttemptThrottle = (deps: AttemptThrottleDeps) => {
  const o = deps.options;
  const table = deps.table;

  /** Counts one attempt on `key` when its delay has passed (true); otherwise changes nothing (false). */
  const reserveOne = async (key: string, now: Date): Promise<boolean> => {
    const forgetBefore = new Date(now.getTime() - o.forgetAfterS * 1000).toISOString();
    const { rows } = await deps.pool.query(
      `INSERT INTO ${table} AS a (key, failures, last_failure_at) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN a.last_failure_at < $3 THEN 1 ELSE a.failures + 1 END,
         last_failure_at = $2
       WHERE a.last_failure_at < $3 OR a.failures < $4
          OR a.last_failure_at
             + LEAST(
                 $6::double precision,
                 $5::double precision * power(2::double precision, LEAST(a.failures - $4::int, 30))
               )
             * interval '1 millisecond' <= $2
       RETURNING a.failures`,
      [key, now.toISOString(), forgetBefore, freeFor(key, o), o.baseDelayMs, o.maxDelayMs],
    );
    return rows.length === 1;
  };

  /**
   * Milliseconds until the slowest of `keys` takes an attempt again (≤ 0: none waits), and the keys with a live count.
   */
  const waiting = async (keys: readonly string[], now: Date) => {
    const sql = `SELECT key, failures, last_failure_at FROM ${table} WHERE key = ANY($1)`;
    const { rows } = await deps.pool.query<Row & { key: string }>(sql, [keys]);
    let waitMs = 0;
    const counted: string[] = [];
    for (const r of rows) {
      const last = new Date(r.last_failure_at).getTime();
      // Forgotten exactly when the counting statement (reserveOne) starts the count again.
      if (last < now.getTime() - o.forgetAfterS * 1000) continue;
      counted.push(r.key);
      waitMs = Math.max(waitMs, last + delayAfter(r.failures, freeFor(r.key, o), o) - now.getTime());
    }
    return { waitMs, counted };
  };

  /** Milliseconds until `key`, just refused a reservation, takes an attempt again (at least 1 while it has a count). */
  const waitOf = async (key: string, now: Date): Promise<number> => {
    const { waitMs, counted } = await waiting([key], now);
    return counted.length === 0 ? 0 : Math.min(o.maxDelayMs, Math.max(1, waitMs));
  };

  /** RATE_LIMITED with the whole seconds to wait in `details.retryAfterS` (the gateway sets `Retry-After` from it). */
  const throttled = (waitMs: number) => {
    const retryAfterS = Math.max(1, Math.ceil(waitMs / 1000));
    return new DomainError("RATE_LIMITED", deps.refusal(retryAfterS), { retryAfterS });
  };

  const giveBack = (key: string) =>
    deps.pool.query(`UPDATE ${table} SET failures = GREATEST(failures - 1, 0) WHERE key = $1`, [key]);

  const throttle = {
    /**
     * Reserves one attempt on every key, in order, or none: the milliseconds to wait when a
     * key is still slowed down (0 = reserved; check the secret now). Put the caller's own
     * key (its address) first, so a refused attempt never touches the subject it aimed at.
     */
    async reserve(keys: readonly string[]): Promise<number> {
      const now = deps.clock.now();
      // Forgotten rows are swept now and then (a guessing run over many subjects leaves one row each).
      if (Math.random() < 0.02) {
        const forgotten = new Date(now.getTime() - o.forgetAfterS * 1000).toISOString();
        await deps.pool.query(`DELETE FROM ${table} WHERE last_failure_at < $1`, [forgotten]);
      }
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

    /** The reserved attempt had the right secret: the subject's count is cleared, the address gets its attempt back. */
    async succeeded(keys: readonly string[]): Promise<void> {
      for (const key of keys) {
        if (isAddress(key)) await giveBack(key);
        else await deps.pool.query(`DELETE FROM ${table} WHERE key = $1`, [key]);
      }
    },

    /**
     * One throttled secret check: reserves the attempt on `keys` (RATE_LIMITED when they are
     * slowed down), runs `check`, and gives the attempt back when it says the secret was right.
     */
    async attempt<T>(
      keys: readonly string[],
      check: () => Promise<{ readonly right: boolean; readonly value: T }>,
    ): Promise<T> {
      const waitMs = await throttle.reserve(keys);
      if (waitMs > 0) throw throttled(waitMs);
      const { right, value } = await check();
      if (right) await throttle.succeeded(keys);
      return value;
    },

    /**
     * One throttled check that reserves nothing while it runs, for secrets their holder sends
     * often and in parallel (client secrets): a reservation per request in flight would slow a
     * busy client down by its own traffic. Refused (RATE_LIMITED) unchecked while a key waits.
     * A wrong secret is then counted on every key (refused instead when a concurrent failure
     * began a wait meanwhile). A right one is answered only if no key began waiting during its
     * check, so parallel guesses learn no more than sequential ones; it clears the subject's
     * count and leaves the address's as it is.
     */
    async checkThenCount<T>(
      keys: readonly string[],
      check: () => Promise<{ readonly right: boolean; readonly value: T }>,
    ): Promise<T> {
      const before = await waiting(keys, deps.clock.now());
      if (before.waitMs > 0) throw throttled(before.waitMs);
      const { right, value } = await check();
      if (!right) {
        const waitMs = await throttle.reserve(keys);
        if (waitMs > 0) throw throttled(waitMs);
        return value;
      }
      const after = await waiting(keys, deps.clock.now());
      if (after.waitMs > 0) throw throttled(after.waitMs);
      const subjects = after.counted.filter((k) => !isAddress(k));
      if (subjects.length > 0) await deps.pool.query(`DELETE FROM ${table} WHERE key = ANY($1)`, [subjects]);
      return value;
    },
  };
  return throttle;
};

export type AttemptThrottle = ReturnType<typeof createAttemptThrottle>;
