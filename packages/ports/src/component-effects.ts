import * as v from "valibot";
import type { Caller } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import { normaliseInstant } from "@platform/sandbox";
import type { Json } from "@platform/sandbox";
import { definePort } from "@platform/host";

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

/** What executes components' effects (`ctx.emit({effect: "scheduleJob", …})`). */
export type ComponentEffects = { scheduleJob(effect: ScheduleJobEffect, source: EffectSource): Promise<void> };
/** Provided by the jobs context; apps' components emit through it when it is there. */
export const componentEffects = definePort<ComponentEffects>("component effects");

// Both sides of the effect read `at` and `uniqueKey` by these rules (apps when a component emits, jobs
// when a job completes or is posted), so they live with the port.

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
