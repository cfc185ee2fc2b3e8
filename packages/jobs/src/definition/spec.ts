import type { Schedule } from "../schedule/cron.ts";
import { DEFAULT_RETRY, retryOf } from "./retry.ts";
import type { RetryPolicy } from "./retry.ts";

export type JobLimit = { readonly key: string; readonly concurrency?: number; readonly perMinute?: number };

/** A definition's fields (the spec's "Job definition"), every one present; a cleared field holds its default. */
export type DefinitionSpec = {
  /** `<appId>/<componentId>`: resolved when written, so a later app with the same bare id changes nothing. */
  readonly componentId: string;
  readonly queue: string | null;
  readonly maxConcurrency: number | null;
  /** Per value of one parameter: at most `concurrency` running and `perMinute` started a minute (null: none). */
  readonly limit: JobLimit | null;
  readonly schedules: readonly Schedule[];
  readonly scheduleSuspended: boolean;
  readonly scheduleConcurrency: "forbid" | "allow";
  readonly scheduleStartingDeadlineSeconds: number | null;
  /** What the component's `ctx` may do when it runs as this definition's job (at most the writer's). */
  readonly acl: readonly string[];
  /** How often a failed run is tried again, and after how long (definition/retry.ts). */
  readonly retry: RetryPolicy;
};

/** The fields a tenant may override on an app-provided definition (PATCH); the rest is the app author's. */
export const OVERRIDABLE = [
  "queue",
  "maxConcurrency",
  "limit",
  "schedules",
  "scheduleSuspended",
  "scheduleConcurrency",
  "scheduleStartingDeadlineSeconds",
  "retry",
] as const;
export type Overridable = (typeof OVERRIDABLE)[number];
export type DefinitionOverride = { readonly [K in Overridable]?: DefinitionSpec[K] };

/** The value of each field when it is absent from a PUT or cleared with null. */
export const CLEARED: Omit<DefinitionSpec, "componentId"> = {
  queue: null,
  maxConcurrency: null,
  limit: null,
  schedules: [],
  scheduleSuspended: false,
  scheduleConcurrency: "forbid",
  scheduleStartingDeadlineSeconds: null,
  acl: [],
  retry: DEFAULT_RETRY,
};

/**
 * Who wrote a definition (or installed the app that provides it): its jobs' `ctx` acts with
 * at most this caller's access attributes (docs/ACCESS.md).
 */
export type Writer = {
  readonly principalId?: string;
  readonly clientId?: string;
  readonly attributes: Readonly<Record<string, readonly string[]>>;
};

/** The definition in effect: the author's (or API writer's) fields with a tenant's override on top. */
export const effectiveSpec = (spec: DefinitionSpec, override: DefinitionOverride | undefined): DefinitionSpec => {
  const s = { ...spec, ...override };
  // Definitions stored before `retry` existed have none: one attempt.
  // Definitions stored before `limit` existed have none.
  return { ...s, limit: s.limit ?? null, retry: retryOf(s.retry) };
};
