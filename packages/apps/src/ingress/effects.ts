import * as v from "valibot";
import { DomainError } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import { ownRecord, plainObject, toIssues } from "@platform/http";
import { resolveAt, UniqueKeySchema } from "@platform/ports";
import type { ScheduleJobEffect } from "@platform/ports";
import type { Json } from "@platform/sandbox";

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
