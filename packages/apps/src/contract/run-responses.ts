import * as v from "valibot";

/*
 * What /resources/apps/{appId}/runs answers (routes/app-runs.ts): runs/run-record.ts `RunRecord` and its summary.
 */

const Json = (what: string) => v.pipe(v.unknown(), v.description(what));
const Instant = (what: string) => v.pipe(v.string(), v.description(`${what}: an ISO 8601 instant, UTC`));

const summaryEntries = {
  runId: v.pipe(v.string(), v.description("The run's id, as the ingress answered it in x-run-id and a job records it")),
  componentId: v.string(),
  trigger: v.pipe(v.picklist(["ingress", "job"]), v.description("Where it ran")),
  outcome: v.pipe(
    v.picklist(["ok", "error", "timeout", "memory"]),
    v.description("How it ended: returned, failed (threw, refused, bad parameters), timed out, out of memory"),
  ),
  errorMessage: v.nullable(v.string()),
  at: Instant("When it started"),
  durationMs: v.number(),
};

/** A row of GET /resources/apps/{appId}/runs. */
export const RunListItem = v.object(summaryEntries);

const Refusal = v.object({ message: v.string(), code: v.optional(v.string()), status: v.optional(v.number()) });

const RecordedCall = v.object({
  name: v.pipe(v.string(), v.description("The ctx function")),
  args: v.pipe(v.array(v.unknown()), v.description("Its arguments as JSON")),
  answer: v.pipe(
    v.nullable(
      v.union([
        v.object({ ok: v.literal(true), value: v.optional(Json("What it resolved to (absent: undefined)")) }),
        v.object({ ok: v.literal(false), error: Refusal }),
      ]),
    ),
    v.description("What it was answered; null when the run ended before the answer"),
  ),
});

/** GET /resources/apps/{appId}/runs/{runId}: everything a replay needs, and what the run did. */
export const RunRecordSchema = v.object({
  ...summaryEntries,
  appId: v.string(),
  appVersion: v.pipe(v.number(), v.description("The app's version the run ran")),
  ingressId: v.nullable(v.string()),
  jobId: v.nullable(v.string()),
  input: v.object({
    params: Json("The component's params"),
    request: v.pipe(
      v.nullable(
        v.object({
          method: v.string(),
          path: v.string(),
          query: v.record(v.string(), v.string()),
          headers: v.pipe(v.record(v.string(), v.string()), v.description("Without authorization and cookie")),
          body: Json("The JSON body (null for GET and DELETE)"),
        }),
      ),
      v.description("The ingress request; null for a job"),
    ),
  }),
  calls: v.pipe(v.array(RecordedCall), v.description("Each ctx call in the order the component made it")),
  seed: v.pipe(v.nullable(v.string()), v.description("The seed of its Math.random (64 bits, decimal)")),
  clock: v.pipe(v.array(v.number()), v.description("Its clock readings in order (Date: epoch ms; performance.now)")),
  uuids: v.pipe(v.array(v.string()), v.description("Its crypto.randomUUID values in order")),
  logs: v.array(v.object({ level: v.string(), line: v.string() })),
  result: Json("What it returned (null when it failed)"),
  error: v.nullable(v.object({ code: v.string(), message: v.string(), details: v.optional(v.unknown()) })),
  truncated: v.pipe(
    v.boolean(),
    v.description("True when the record was over 4 MiB: its ctx answers were dropped and it cannot be replayed"),
  ),
});
