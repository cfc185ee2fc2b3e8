/**
 * A definition's `retry` (docs/JOBS.md, "Retries"): how many times its job's component is run in all
 * while it fails, and how long each retry waits.
 */
export type RetryPolicy = {
  readonly maxAttempts: number;
  readonly backoffSeconds: number;
  readonly maxBackoffSeconds: number;
};

/** One attempt: a failed job is failed. */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 1, backoffSeconds: 30, maxBackoffSeconds: 3600 };

/** A stored definition may predate `retry`, or hold part of it (a manifest's): the defaults fill the rest. */
export const retryOf = (r: Partial<RetryPolicy> | null | undefined): RetryPolicy => ({
  ...DEFAULT_RETRY,
  ...(r ?? {}),
});

/** How the component's failures are told apart: those a second run cannot mend are not retried. */
export const RETRIED_FAILURES: ReadonlySet<string> = new Set(["COMPONENT_FAILED", "COMPONENT_TIMEOUT"]);

/**
 * The wait before the attempt after `failures` failed ones: `min(backoff · 2^(failures-1), max)`
 * seconds, ± 10 % (`random` in [0, 1) picks where), so jobs that failed together do not all come
 * back in the same instant.
 */
export const retryDelayMs = (policy: RetryPolicy, failures: number, random: number): number => {
  const base = Math.min(policy.backoffSeconds * 2 ** (failures - 1), policy.maxBackoffSeconds) * 1000;
  return Math.round(base * (0.9 + 0.2 * random));
};

/** When a failed attempt runs again, or undefined when it was the last (`failures` counts it). */
export const retryAt = (policy: RetryPolicy, failures: number, failedAt: Date, random: number): string | undefined =>
  failures < policy.maxAttempts
    ? new Date(failedAt.getTime() + retryDelayMs(policy, failures, random)).toISOString()
    : undefined;
