import * as v from "valibot";
import { DomainError } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import { ownRecord, plainObject, toIssues } from "@platform/http";
import { serviceKey } from "@platform/host";
import { normaliseInstant } from "@platform/sandbox";
import type { Json } from "@platform/sandbox";

/**
 * `ctx.emit({effect: "scheduleJob", definition, at, parameters})`, validated; `runAt` resolved
 * from `at` when it was emitted (`at` as written, for a job run that resolves it again when the
 * job completes).
 */
export type ScheduleJobEffect = {
  readonly effect: "scheduleJob";
  readonly definition: string;
  readonly at: string | undefined;
  readonly runAt: string;
  readonly parameters: Readonly<Record<string, Json>>;
  /** While a job of the definition with this key is pending or running, the effect makes none. */
  readonly uniqueKey?: string | undefined;
};

/** Who emitted an effect: the run's caller (its ingress or job acl) and the event metadata of the run. */
export type EffectSource = { readonly caller: Caller; readonly who: Initiator };

/** The port the jobs context provides to execute components' effects (`ctx.emit({effect: "scheduleJob", …})`). */
export type ComponentEffects = { scheduleJob(effect: ScheduleJobEffect, source: EffectSource): Promise<void> };
export const componentEffectsKey = serviceKey<ComponentEffects>("apps.effects");

/** `PT10M`, `P1DT2H`, `PT0.5S`: days, hours, minutes, seconds (weeks too); no years or months, whose length varies. */
const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** When `at` (an ISO 8601 duration from now, or an instant with a zone) falls; undefined when it is neither. */
export const resolveAt = (at: string, now: Date): string | undefined => {
  const d = DURATION.exec(at);
  if (d && at !== "P" && !at.endsWith("T")) {
    const [w, days, h, m, s] = d.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number];
    return new Date(now.getTime() + ((((w * 7 + days) * 24 + h) * 60 + m) * 60 + s) * 1000).toISOString();
  }
  return normaliseInstant(at);
};

/**
 * A unique job's key (`POST /resources/jobs` and `scheduleJob` effects): 1 to 200 characters, no control characters.
 */
export const UniqueKeySchema = v.pipe(
  v.string("must be a string"),
  v.minLength(1, "must not be empty"),
  v.maxLength(200, "must be at most 200 characters"),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^\u0000-\u001f\u007f]*$/, "must not hold control characters"),
);

const EmitSchema = v.strictObject({
  effect: v.picklist(["scheduleJob"], "must be scheduleJob"),
  definition: v.pipe(
    v.string("must be a job definition id"),
    v.minLength(1, "must be a job definition id"),
    v.maxLength(256, "must be at most 256 characters"),
  ),
  at: v.optional(v.string("must be an ISO 8601 duration (PT10M) or instant")),
  parameters: v.optional(v.pipe(plainObject, ownRecord(v.string(), v.unknown())), {}),
  uniqueKey: v.optional(UniqueKeySchema),
});

/** Validates an emitted effect and checks the run may schedule that definition (`jobs/<definition>:schedule`). */
export const parseEffect = (raw: unknown, caller: Caller, now: Date): ScheduleJobEffect => {
  const r = v.safeParse(EmitSchema, raw);
  if (!r.success) throw new DomainError("VALIDATION_FAILED", "ctx.emit: the effect is invalid", toIssues(r.issues));
  const runAt = r.output.at === undefined ? now.toISOString() : resolveAt(r.output.at, now);
  if (!runAt)
    throw new DomainError("VALIDATION_FAILED", "ctx.emit: the effect is invalid", [
      { path: "at", message: "must be an ISO 8601 duration (PT10M) or an instant with a time zone" },
    ]);
  if (!caller.can(`jobs/${r.output.definition}`, "schedule"))
    throw new DomainError("FORBIDDEN", `Requires jobs/${r.output.definition}:schedule`);
  return {
    effect: "scheduleJob",
    definition: r.output.definition,
    at: r.output.at,
    runAt,
    parameters: r.output.parameters as Record<string, Json>,
    ...(r.output.uniqueKey !== undefined ? { uniqueKey: r.output.uniqueKey } : {}),
  };
};
