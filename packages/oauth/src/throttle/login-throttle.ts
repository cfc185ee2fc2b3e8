import type { SqlPool } from "@platform/db";
import type { Clock } from "@platform/kernel";
import type { ThrottleOptions } from "../options.ts";

/** How long after the last failure the next attempt must wait, given the failures so far. */
export const delayAfter = (failures: number, free: number, o: Pick<ThrottleOptions, "baseDelayMs" | "maxDelayMs">): number =>
  failures < free ? 0 : Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.min(failures - free, 30));

const freeFor = (key: string, o: ThrottleOptions) => (key.startsWith("address:") ? o.addressFreeFailures : o.freeFailures);

type Row = { key: string; failures: number; last_failure_at: Date | string };

/**
 * Progressive delay for password logins, per account and per client address, kept in
 * `oauth_login_failures` so every gateway process counts the same failures. An attempt
 * that comes too soon is refused without checking the password (so guessing in parallel
 * gains nothing); waiting always works again — there is no lockout an attacker could
 * use to keep a user out.
 */
export const createLoginThrottle = (deps: { readonly pool: SqlPool; readonly clock: Clock; readonly options: ThrottleOptions }) => {
  const o = deps.options;
  const fresh = (r: Row, now: number) => now - new Date(r.last_failure_at).getTime() < o.forgetAfterS * 1000;
  return {
    /** Milliseconds the caller must still wait before trying these keys again (0 = go ahead). */
    async waitMs(keys: readonly string[]): Promise<number> {
      const now = deps.clock.now().getTime();
      const { rows } = await deps.pool.query<Row>("SELECT key, failures, last_failure_at FROM oauth_login_failures WHERE key = ANY($1::text[])", [keys]);
      return Math.max(0, ...rows.filter((r) => fresh(r, now)).map((r) => new Date(r.last_failure_at).getTime() + delayAfter(r.failures, freeFor(r.key, o), o) - now));
    },

    async recordFailure(keys: readonly string[]): Promise<void> {
      const now = deps.clock.now();
      const forgetBefore = new Date(now.getTime() - o.forgetAfterS * 1000).toISOString();
      // Forgotten rows are swept now and then (a guessing run over many emails leaves one row each).
      if (Math.random() < 0.02) await deps.pool.query("DELETE FROM oauth_login_failures WHERE last_failure_at < $1", [forgetBefore]);
      for (const key of keys)
        await deps.pool.query(
          `INSERT INTO oauth_login_failures (key, failures, last_failure_at) VALUES ($1, 1, $2)
           ON CONFLICT (key) DO UPDATE SET
             failures = CASE WHEN oauth_login_failures.last_failure_at < $3 THEN 1 ELSE oauth_login_failures.failures + 1 END,
             last_failure_at = $2`,
          [key, now.toISOString(), forgetBefore],
        );
    },

    /** A successful login clears the account's count (the address keeps its own). */
    async recordSuccess(accountKey: string): Promise<void> {
      await deps.pool.query("DELETE FROM oauth_login_failures WHERE key = $1", [accountKey]);
    },
  };
};

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (address: string) => `address:${address}`;
