import { Hono } from "hono";
import * as v from "valibot";
import { DomainError } from "@platform/kernel";
import type { Caller, Clock } from "@platform/kernel";
import { UNSTORABLE_MESSAGE, bearerAuth, getCaller, isStorableText, validate } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { normaliseInstant } from "@platform/sandbox";
import { minuteOf } from "../statistics/bucket-tally.ts";
import { definitionsWithBuckets, readBuckets } from "../statistics/statistics-queries.ts";
import { forbidden, holdsOnSomeJobs } from "./job-access.ts";
import { ports } from "@platform/ports";

const PATH = "/resources/jobs/statistics";
const DAY_MS = 86_400_000;
/** The most buckets one answer holds (a plain array has no pages): more is a 400 asking to narrow the query. */
export const MAX_BUCKETS = 50_000;

const Instant = v.optional(
  v.pipe(v.string(), v.transform(normaliseInstant), v.string("must be an ISO 8601 instant with a time zone")),
);
const Query = v.object({
  from: Instant,
  to: Instant,
  jobDefinitionId: v.optional(v.pipe(v.string(), v.check(isStorableText, UNSTORABLE_MESSAGE))),
});

/**
 * Which of the caller's access attributes limit the buckets: channelKey values, or none at all when another attribute
 * limits it.
 */
const channelKeysOf = (caller: Caller): readonly string[] | undefined => {
  let keys: readonly string[] | undefined;
  for (const [name, allowed] of Object.entries(caller.attributes)) {
    if (allowed.length === 0) continue;
    keys = name === "channelKey" ? allowed.filter((k) => k !== "") : [];
    if (keys.length === 0) return [];
  }
  return keys;
};

/**
 * `GET /resources/jobs/statistics?from&to&jobDefinitionId`: the per-minute buckets (default the
 * last 24 hours), a plain array, oldest first. Only definitions whose jobs the caller may read,
 * and within its access attributes only the jobs of its channelKeys.
 */
export const statisticsRoutes = (deps: PlatformDeps, clock: Clock): Hono => {
  const app = new Hono();
  app.get(
    PATH,
    bearerAuth(() => deps.ports.get(ports.authenticator)),
    async (c) => {
      const caller = getCaller(c);
      if (!holdsOnSomeJobs(caller, "read")) throw forbidden("read");
      const query = c.req.query();
      const q = validate(
        Query,
        {
          from: query.from || undefined,
          to: query.to || undefined,
          jobDefinitionId: query.jobDefinitionId || undefined,
        },
        "Query",
      );
      const to = q.to ?? clock.now().toISOString();
      const from = minuteOf(q.from ?? new Date(new Date(to).getTime() - DAY_MS));
      if (from > to)
        throw new DomainError("VALIDATION_FAILED", "The query is invalid", [
          { path: "from", message: "must not be after to" },
        ]);
      let definitionIds: readonly string[] | undefined;
      if (q.jobDefinitionId !== undefined) {
        if (!caller.can(`jobs/${q.jobDefinitionId}`, "read")) throw forbidden("read", q.jobDefinitionId);
        definitionIds = [q.jobDefinitionId];
      } else if (!caller.can("jobs", "read"))
        definitionIds = (await definitionsWithBuckets(deps.db.kysely, from, to)).filter((d) =>
          caller.can(`jobs/${d}`, "read"),
        );
      const buckets = await readBuckets(deps.db.kysely, {
        from,
        to,
        definitionIds,
        channelKeys: channelKeysOf(caller),
        limit: MAX_BUCKETS + 1,
      });
      if (buckets.length > MAX_BUCKETS)
        throw new DomainError("VALIDATION_FAILED", "The query is invalid", [
          {
            path: "from",
            message: `more than ${MAX_BUCKETS} buckets match: narrow from and to, or give jobDefinitionId`,
          },
        ]);
      return c.json(buckets);
    },
  );
  return app;
};
