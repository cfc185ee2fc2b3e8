import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../api/api-client.ts";
import type { ListPage } from "../html/pager.tsx";
import type { Viewer } from "../session/viewer.ts";
import { parseReadiness } from "./home-readiness.ts";
import type { Readiness } from "./home-readiness.ts";
import type { JobQueue } from "./jobs/job-types.ts";

/** A part of the health the API did not answer: the page says so and shows the other parts. */
export type Part<T> = T | "unavailable";

/**
 * A queue with its due jobs: absent when the viewer may not read jobs (the queue list needs only `job-queues:read`).
 */
export type QueueDepth = JobQueue & { readonly due?: Part<number> };

/** What the home page shows of the service's health; a part left undefined is one this viewer may not read. */
export type Health = {
  readonly readiness: Part<Readiness>;
  readonly queues?: Part<{ readonly items: readonly QueueDepth[]; readonly totalCount: number }>;
  readonly failed?: Part<{ readonly count: number; readonly since: string }>;
};

const HOUR_MS = 3_600_000;
/** The queues the home page lists, each costing a count of its due jobs; the rest are on the queues page. */
export const QUEUES_SHOWN = 20;

/** The call's answer, or undefined when the call itself threw: one part's failure is not the page's. */
const settle = <T>(call: Promise<ApiAnswer<T>>): Promise<ApiAnswer<T> | undefined> => call.catch(() => undefined);

const countOf = (answer: ApiAnswer<ListPage> | undefined): Part<number> =>
  answer?.status === 200 && typeof answer.body?.totalCount === "number" ? answer.body.totalCount : "unavailable";

/**
 * Asks the API as the viewer, so each figure is what this viewer may read: `/readyz` (public),
 * the queues (`job-queues:read`), and through the jobs list (`jobs:read`) each queue's pending
 * jobs due before `now` and the jobs failed in the hour before it. The list's totalCount is the
 * figure; one job of each is all that is fetched.
 */
export const loadHealth = async (api: ApiClient, c: Context, viewer: Viewer, now: Date): Promise<Health> => {
  const canJobs = viewer.can("jobs", "read");
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  const jobs = (filters: Record<string, string>) =>
    settle(api.call<ListPage>(c, "GET", `/resources/jobs?${new URLSearchParams({ ...filters, limit: "1" })}`));
  const [ready, queues, failed] = await Promise.all([
    settle(api.call(c, "GET", "/readyz")),
    viewer.can("job-queues", "read")
      ? settle(api.call<ListPage & { jobQueues: JobQueue[] }>(c, "GET", `/resources/job-queues?limit=${QUEUES_SHOWN}`))
      : undefined,
    canJobs ? jobs({ status: "failed", finishedAfter: since }) : undefined,
  ]);
  // /readyz answers its body with 503 as well: not ready is a figure, not a failure.
  const readiness =
    (ready?.status === 200 || ready?.status === 503 ? parseReadiness(ready.body) : undefined) ?? "unavailable";
  const health: { -readonly [K in keyof Health]: Health[K] } = { readiness };
  if (queues) {
    if (queues.status !== 200 || !Array.isArray(queues.body?.jobQueues)) health.queues = "unavailable";
    else {
      const due = (queue: string) => jobs({ status: "pending", queue, runAtBefore: now.toISOString() }).then(countOf);
      const items = await Promise.all(
        queues.body.jobQueues.map(async (q) => (canJobs ? { ...q, due: await due(q.queue) } : q)),
      );
      health.queues = { items, totalCount: queues.body.totalCount };
    }
  }
  if (canJobs) {
    const count = countOf(failed);
    health.failed = count === "unavailable" ? count : { count, since };
  }
  return health;
};
