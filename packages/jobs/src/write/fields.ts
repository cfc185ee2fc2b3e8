import type { ValidationIssue } from "@platform/kernel";
import type { DefinitionBody } from "../definition/body.ts";
import { CLEARED, OVERRIDABLE } from "../definition/spec.ts";
import type { DefinitionOverride, DefinitionSpec } from "../definition/spec.ts";
import { retryOf } from "../definition/retry.ts";
import { checkSchedule } from "../schedule/cron.ts";
import type { Schedule } from "../schedule/cron.ts";

type Fields = Omit<DefinitionBody, "jobDefinitionId">;

/** As stored: the cron with single spaces, a zone only when one was given. */
const normalise = (schedules: readonly Schedule[]): Schedule[] =>
  schedules.map((s) => ({
    cron: s.cron.trim().split(/\s+/).join(" "),
    ...(s.timeZone != null ? { timeZone: s.timeZone } : {}),
  }));

/** Each schedule's cron and zone (`schedules.0.cron`; `prefix` for a manifest's). */
export const scheduleIssues = (
  schedules: readonly Schedule[] | null | undefined,
  prefix: (i: number) => string,
  now: Date,
): ValidationIssue[] => (schedules ?? []).flatMap((s, i) => checkSchedule(s, prefix(i), now).issues);

/** PUT: a full assert, an absent field cleared. */
export const specOfBody = (body: Fields, componentId: string): DefinitionSpec => ({
  componentId,
  queue: body.queue ?? CLEARED.queue,
  maxConcurrency: body.maxConcurrency ?? CLEARED.maxConcurrency,
  limit: body.limit ?? CLEARED.limit,
  schedules: normalise(body.schedules ?? CLEARED.schedules),
  scheduleSuspended: body.scheduleSuspended ?? CLEARED.scheduleSuspended,
  scheduleConcurrency: body.scheduleConcurrency ?? CLEARED.scheduleConcurrency,
  scheduleStartingDeadlineSeconds: body.scheduleStartingDeadlineSeconds ?? CLEARED.scheduleStartingDeadlineSeconds,
  acl: [...new Set(body.acl ?? CLEARED.acl)],
  retry: retryOf(body.retry),
});

/** PATCH of an API definition: an absent field unchanged, `null` cleared. */
export const patchSpec = (spec: DefinitionSpec, body: Fields, componentId: string | undefined): DefinitionSpec => {
  const out: Record<string, unknown> = { ...spec, ...(componentId ? { componentId } : {}) };
  for (const key of Object.keys(CLEARED) as (keyof typeof CLEARED)[]) {
    const value = body[key];
    if (value === undefined) continue;
    out[key] =
      value === null
        ? CLEARED[key]
        : key === "schedules"
          ? normalise(value as Schedule[])
          : key === "acl"
            ? [...new Set(value as string[])]
            : key === "retry"
              ? retryOf({ ...spec.retry, ...(value as object) })
              : value;
  }
  return out as DefinitionSpec;
};

/**
 * PATCH of an app-provided definition: the tenant's override. A field set overrides the
 * author's; `null` drops the override of that field (back to the author's default).
 */
export const patchOverride = (
  override: DefinitionOverride | undefined,
  body: Fields,
  author: DefinitionSpec,
): DefinitionOverride => {
  const out: Record<string, unknown> = { ...override };
  for (const key of OVERRIDABLE) {
    const value = body[key];
    if (value === undefined) continue;
    if (value === null) delete out[key];
    else
      out[key] =
        key === "schedules"
          ? normalise(value as Schedule[])
          : key === "retry"
            ? retryOf({ ...author.retry, ...override?.retry, ...(value as object) })
            : value;
  }
  return out as DefinitionOverride;
};
