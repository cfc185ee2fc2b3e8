import * as v from "valibot";
import { parseAce } from "@platform/kernel";
import { plainObject } from "@platform/http";

/** Definition ids: segments of `[A-Za-z0-9._~-]` joined by `/` (`apps/<appId>/<id>`), at most 256 characters. */
const DEFINITION_ID = /^(?!.*(^|\/)\.{1,2}(\/|$))[A-Za-z0-9._~-]{1,64}(\/[A-Za-z0-9._~-]{1,64})*$/;
export const isDefinitionId = (id: string) => id.length <= 256 && DEFINITION_ID.test(id);
/** App-provided definitions live under `apps/<appId>/`; the API may not make one there. */
export const APP_PREFIX = "apps/";
export const appDefinitionId = (appId: string, id: string) => `${APP_PREFIX}${appId}/${id}`;

const nullable = <S extends v.GenericSchema>(s: S) => v.optional(v.nullable(s));
export const Queue = v.pipe(
  v.string("must be a string"),
  v.regex(/^[A-Za-z0-9._~-]{1,64}$/, "must be 1 to 64 of A-Z a-z 0-9 . _ ~ -"),
);
const Int = (min: number, max: number) =>
  v.pipe(
    v.number("must be an integer"),
    v.integer("must be an integer"),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );
const Ace = v.pipe(
  v.string("must be a string"),
  v.check((s) => parseAce(s) !== undefined, "is not an access control entry (resource:permission)"),
);

/** A definition's `retry`: a member left out takes its default (PUT) or stays as it was (PATCH). */
const RetrySchema = v.strictObject({
  maxAttempts: v.optional(Int(1, 25)),
  backoffSeconds: v.optional(Int(0, 86_400)),
  maxBackoffSeconds: v.optional(Int(0, 604_800)),
});

/**
 * A definition's `limit`: at most `concurrency` of its jobs with one value of the parameter `key` run at once, and at
 * most `perMinute` of them start in any minute (docs/JOBS.md, "Limits per key").
 */
const LimitSchema = v.pipe(
  v.strictObject({
    key: v.pipe(
      v.string("must be a parameter name"),
      v.regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/, "must be a parameter name"),
    ),
    concurrency: v.optional(Int(1, 10_000)),
    perMinute: v.optional(Int(1, 1_000_000)),
  }),
  v.check((l) => l.concurrency !== undefined || l.perMinute !== undefined, "needs concurrency or perMinute"),
);

const ScheduleSchema = v.strictObject({
  cron: v.pipe(
    v.string("must be a string"),
    v.minLength(1, "is required"),
    v.maxLength(200, "must be at most 200 characters"),
  ),
  timeZone: nullable(v.pipe(v.string("must be a string"), v.maxLength(64, "must be at most 64 characters"))),
});

/** Each field; `null` clears (PATCH) and absence clears (PUT). Cron and zones are checked after (schedule/cron.ts). */
export const fieldEntries = {
  componentId: nullable(
    v.pipe(
      v.string("must be a string"),
      v.minLength(1, "is required"),
      v.maxLength(129, "must be at most 129 characters"),
    ),
  ),
  queue: nullable(Queue),
  maxConcurrency: nullable(Int(1, 10_000)),
  limit: nullable(v.pipe(plainObject, LimitSchema)),
  schedules: nullable(
    v.pipe(
      v.array(ScheduleSchema, "must be an array of {cron, timeZone}"),
      v.maxLength(20, "must hold at most 20 schedules"),
    ),
  ),
  scheduleSuspended: nullable(v.boolean("must be true or false")),
  scheduleConcurrency: nullable(
    v.pipe(
      v.string("must be forbid or allow"),
      v.check((s) => s !== "replace", "replace is not supported (use forbid or allow)"),
      v.picklist(["forbid", "allow"], "must be forbid or allow"),
    ),
  ),
  scheduleStartingDeadlineSeconds: nullable(Int(0, 31_536_000)),
  acl: nullable(
    v.pipe(v.array(Ace, "must be an array of ACE strings"), v.maxLength(100, "must hold at most 100 entries")),
  ),
  retry: nullable(v.pipe(plainObject, RetrySchema)),
};

/**
 * Fields a client reads but does not write. A body that GET answered may come back as a PUT:
 * they are ignored rather than refused (`jobDefinitionId` must still match the path).
 */
export const READ_ONLY = [
  "scheduleIsOverridden",
  "occurrences",
  "etag",
  "appId",
  "createdAt",
  "updatedAt",
  "version",
] as const;

/** The body of PUT and PATCH (PUT then requires componentId). */
export const DefinitionBodySchema = v.pipe(
  plainObject,
  v.strictObject({ jobDefinitionId: v.optional(v.string("must be a string")), ...fieldEntries }),
);
export type DefinitionBody = v.InferOutput<typeof DefinitionBodySchema>;

/**
 * A manifest's `jobDefinitions[i]` (docs/JOBS.md, "Definitions an app brings"): `id` instead of `jobDefinitionId`,
 * componentId a component of the app.
 */
export const ManifestDefinitionSchema = v.strictObject({
  id: v.pipe(
    v.string("must be a string"),
    v.check((s) => s.length <= 120 && DEFINITION_ID.test(s), "must be segments of A-Z a-z 0-9 . _ ~ - joined by /"),
  ),
  ...fieldEntries,
  componentId: v.pipe(v.string("must be a string"), v.minLength(1, "is required")),
});
