/** One follower as `/readyz` lists it (packages/http/src/readiness.ts), with its recent p99 lag when it has one. */
export type FollowerStatus = {
  readonly name: string;
  readonly mode: string;
  readonly behind: number;
  readonly p99Ms: number | null;
};

/** A sendings queue's figures, in all or of one transport, by the spec's thresholds. */
export type QueueFigures = {
  readonly level: "healthy" | "warning" | "critical";
  readonly pending: number;
  readonly bounceRate24h: number;
  readonly bounceRateHigh: boolean;
};

/**
 * One transport's queue (email, SMS or push); `configured`: this process can deliver it (SMTP_URL, SMS_URL, VAPID
 * keys).
 */
export type TransportHealth = QueueFigures & { readonly transport: string; readonly configured: boolean };

/** The sendings context's check in `/readyz` (packages/sendings/src/health.ts). */
export type SendingsStatus = QueueFigures & {
  readonly smtpConfigured: boolean;
  /**
   * In the check's order; "unavailable": it lists none (a service from before SMS and push) or one in a shape this page
   * does not know.
   */
  readonly transports: readonly TransportHealth[] | "unavailable";
};

/** `/readyz` as the home page shows it. */
export type Readiness = {
  readonly ready: boolean;
  /** undefined when the answer lists none: `/readyz` skips the followers while the database is unreachable. */
  readonly followers: readonly FollowerStatus[] | undefined;
  /**
   * undefined: the service runs no sendings context; "unavailable": its check failed or said something this page does
   * not know.
   */
  readonly sendings: SendingsStatus | "unavailable" | undefined;
};

/** `/readyz` counts a follower's events behind up to this many and stops there. */
export const BEHIND_CAP = 1000;

const LEVELS = ["healthy", "warning", "critical"] as const;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => typeof x === "number" && Number.isInteger(x) && x >= 0;

const followerOf = (x: unknown): FollowerStatus | undefined => {
  if (!isObject(x) || typeof x.name !== "string" || typeof x.mode !== "string" || !isCount(x.behind)) return undefined;
  const p99 = isObject(x.lag) && typeof x.lag.p99Ms === "number" && Number.isFinite(x.lag.p99Ms) ? x.lag.p99Ms : null;
  return { name: x.name, mode: x.mode, behind: x.behind, p99Ms: p99 };
};

/**
 * The check gives the same figures in all and for each transport; undefined when one is missing or not what it should
 * be.
 */
const figuresOf = (x: unknown): QueueFigures | undefined => {
  if (
    !isObject(x) ||
    !isCount(x.pending) ||
    typeof x.bounceRate24h !== "number" ||
    typeof x.bounceRateHigh !== "boolean"
  )
    return undefined;
  const level = LEVELS.find((l) => l === x.status);
  return level
    ? { level, pending: x.pending, bounceRate24h: x.bounceRate24h, bounceRateHigh: x.bounceRateHigh }
    : undefined;
};

// Every transport the check names, not only those this portal knows: a pending queue of a new one is still a queue.
const transportsOf = (x: unknown): SendingsStatus["transports"] => {
  if (!isObject(x)) return "unavailable";
  const listed = Object.entries(x).map(([transport, t]) => {
    const figures = figuresOf(t);
    return figures && isObject(t) && typeof t.configured === "boolean"
      ? { transport, configured: t.configured, ...figures }
      : undefined;
  });
  return listed.length > 0 && listed.every((t) => t !== undefined) ? (listed as TransportHealth[]) : "unavailable";
};

const sendingsOf = (x: unknown): Readiness["sendings"] => {
  if (x === undefined) return undefined;
  const figures = figuresOf(x);
  if (!figures || !isObject(x)) return "unavailable";
  return { ...figures, smtpConfigured: x.smtpConfigured === true, transports: transportsOf(x.transports) };
};

/**
 * Reads `/readyz`'s body (it answers one with 200 and with 503); undefined when it is not
 * one (a proxy's error page), so that the page says "unavailable" rather than guess.
 */
export const parseReadiness = (body: unknown): Readiness | undefined => {
  if (!isObject(body) || typeof body.ready !== "boolean" || !isObject(body.checks)) return undefined;
  const projections = body.checks.projections;
  const listed =
    isObject(projections) && Array.isArray(projections.followers) ? projections.followers.map(followerOf) : undefined;
  const followers = listed?.every((f) => f !== undefined) ? (listed as FollowerStatus[]) : undefined;
  return { ready: body.ready, followers, sendings: sendingsOf(body.checks.sendings) };
};
