/** The longest wait between two attempts at one event. */
export const MAX_RETRY_MS = 3_600_000;

/**
 * The wait before retry number `retry` (1 for the first) of an event (docs/WEBHOOKS.md):
 * `baseMs`, doubling, ±10 % jitter (so receivers coming back are not hit by every sender at
 * once), capped at an hour. `random` is in [0, 1).
 */
export const retryDelayMs = (retry: number, baseMs: number, random: number = Math.random()): number => {
  const plain = Math.min(MAX_RETRY_MS, baseMs * 2 ** Math.min(Math.max(retry - 1, 0), 30));
  return Math.round(plain * (0.9 + 0.2 * random));
};
