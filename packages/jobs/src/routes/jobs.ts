import { Hono } from "hono";
import * as v from "valibot";
import { DomainError, isUuid } from "@platform/kernel";
import type { Caller, Clock } from "@platform/kernel";
import {
  UNSTORABLE_MESSAGE,
  initiatorOf,
  checkInstantIdCursors,
  bearerAuth,
  getCaller,
  isStorableText,
  parsePage,
  readJson,
  requireAttributes,
  validate,
} from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { normaliseInstant } from "@platform/sandbox";
import { Queue } from "../definition/body.ts";
import { batchCounts, definitionsWithJobs, findJob, listJobs } from "../read-model/job-queries.ts";
import { scheduleBatch } from "../run/job-batch.ts";
import { tellDependents } from "../run/dependencies.ts";
import { toJobRecord } from "../read-model/job-record.ts";
import type { JobRecord, JobRow } from "../read-model/job-record.ts";
import { withVisibleRelated } from "./related-visibility.ts";
import type { JobService } from "../run/job-service.ts";
import { forbidden, holdsOnSomeJobs } from "./job-access.ts";
import type { GatewayEnv } from "@platform/http";
import { ports } from "@platform/ports";

const BASE = "/resources/jobs";
const BATCHES = "/resources/job-batches";
const STATUSES = ["waiting", "pending", "running", "succeeded", "failed", "cancelled"] as const;
const Instant = v.optional(
  v.pipe(v.string(), v.transform(normaliseInstant), v.string("must be an ISO 8601 instant with a time zone")),
);
const ListQuery = v.object({
  jobDefinitionId: v.optional(v.pipe(v.string(), v.check(isStorableText, UNSTORABLE_MESSAGE))),
  status: v.optional(v.picklist(STATUSES, `must be one of ${STATUSES.join(", ")}`)),
  queue: v.optional(Queue),
  // With status=pending, runAtBefore=now counts a queue's due jobs; with status=failed, finishedAfter the recent
  // failures.
  runAtBefore: Instant,
  finishedAfter: Instant,
  batchId: v.optional(v.pipe(v.string(), v.check(isUuid, "must be a batch id (UUID)"), v.toLowerCase())),
});
const FILTERS = ["jobDefinitionId", "status", "queue", "runAtBefore", "finishedAfter", "batchId"] as const;

/** `/resources/jobs`: schedule (POST), read, list and cancel (DELETE) jobs; `jobs[/<definition>]:*` per job. */
export const jobRoutes = (deps: PlatformDeps, jobs: JobService, clock: Clock): Hono<GatewayEnv> => {
  const app = new Hono<GatewayEnv>();
  const auth = bearerAuth(() => deps.ports.get(ports.authenticator));
  app.use(BASE, auth);
  app.use(`${BASE}/*`, auth);
  app.use(`${BATCHES}/*`, auth);

  /** The definitions whose jobs the caller may read; undefined: every one. */
  const readableDefinitions = async (caller: Caller) =>
    caller.can("jobs", "read")
      ? undefined
      : (await definitionsWithJobs(deps.db.kysely)).filter((d) => caller.can(`jobs/${d}`, "read"));

  /** The job, if the caller may `permission` it: its definition's permission and its access attributes. */
  const load = async (caller: Caller, id: string, permission: "read" | "write"): Promise<JobRow> => {
    const row = isUuid(id) ? await findJob(deps.db.kysely, id.toLowerCase()) : undefined;
    if (!row) {
      if (!holdsOnSomeJobs(caller, permission)) throw forbidden(permission);
      throw new DomainError("NOT_FOUND", "Job not found");
    }
    if (!caller.can(`jobs/${row.definition_id}`, permission)) throw forbidden(permission, row.definition_id);
    requireAttributes(caller, { channelKey: row.channel_key });
    return row;
  };

  /** One job as the caller may see it (what it depends on, and what waits for it, filtered). */
  const visible = async (caller: Caller, record: JobRecord) =>
    (await withVisibleRelated(deps.db.kysely, caller, [record]))[0]!;

  app.post(BASE, async (c) => {
    const caller = getCaller(c);
    return c.json(await visible(caller, await jobs.scheduleApi(caller, await readJson(c), initiatorOf(c))), 201);
  });

  app.get(BASE, async (c) => {
    const caller = getCaller(c);
    if (!holdsOnSomeJobs(caller, "read")) throw forbidden("read");
    const query = c.req.query();
    const page = parsePage(query);
    checkInstantIdCursors(page, isUuid);
    const filter = validate(
      ListQuery,
      Object.fromEntries(FILTERS.map((name) => [name, query[name] || undefined])),
      "Query",
    );
    const listed = await listJobs(deps.db.kysely, caller, await readableDefinitions(caller), filter, page);
    return c.json({ ...listed, jobs: await withVisibleRelated(deps.db.kysely, caller, listed.jobs) });
  });

  app.post(`${BASE}/batch`, async (c) => {
    const caller = getCaller(c);
    const made = await scheduleBatch(deps, clock, jobs, caller, await readJson(c), initiatorOf(c));
    return c.json({ ...made, jobs: await withVisibleRelated(deps.db.kysely, caller, made.jobs) }, 201);
  });

  // A batch as its reader sees it: a batch none of whose jobs it may read is not found.
  app.get(`${BATCHES}/:batchId`, async (c) => {
    const caller = getCaller(c);
    if (!holdsOnSomeJobs(caller, "read")) throw forbidden("read");
    const batchId = c.req.param("batchId").toLowerCase();
    const counts = isUuid(batchId)
      ? await batchCounts(deps.db.kysely, caller, await readableDefinitions(caller), batchId)
      : new Map<string, number>();
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    if (total === 0) throw new DomainError("NOT_FOUND", "Job batch not found");
    return c.json({ batchId, total, byStatus: Object.fromEntries(STATUSES.map((s) => [s, counts.get(s) ?? 0])) });
  });

  app.get(`${BASE}/:jobId`, async (c) => {
    const caller = getCaller(c);
    return c.json(await visible(caller, toJobRecord(await load(caller, c.req.param("jobId"), "read"))));
  });

  app.delete(`${BASE}/:jobId`, async (c) => {
    const row = await load(getCaller(c), c.req.param("jobId"), "write");
    // The job actor decides: a worker that started it first wins (409), or the cancel does and no worker will start it.
    const done = await deps.runtime.execute(
      "job",
      row.job_id,
      [{ type: "cancel", at: clock.now().toISOString() }],
      initiatorOf(c),
    );
    // The jobs waiting for it are cancelled in turn, before the answer.
    await tellDependents(deps, clock, row.job_id, done.events);
    return c.body(null, 204);
  });

  return app;
};
