import { Hono } from "hono";
import * as v from "valibot";
import { DomainError } from "@platform/kernel";
import type { Caller, Clock } from "@platform/kernel";
import { initiatorOf, bearerAuth, getCaller, parsePage, plainObject, readJson, validate } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import { Queue } from "../definition/body.ts";
import { findQueue, listQueues } from "../read-model/queue-queries.ts";
import type { JobService } from "../run/job-service.ts";
import type { GatewayEnv } from "@platform/http";
import { ports } from "@platform/ports";

const BASE = "/resources/job-queues";

const QueuePath = v.object({ queue: Queue });

/** The body of PUT /resources/job-queues/{queue}. */
export const QueueBody = v.pipe(plainObject, v.strictObject({ paused: v.boolean("must be true or false") }));

const require = (caller: Caller, permission: "read" | "write") => {
  if (!caller.can("job-queues", permission)) throw new DomainError("FORBIDDEN", `Requires job-queues:${permission}`);
};

/**
 * `/resources/job-queues`: the queues with their depth (GET, `job-queues:read`), and pausing or
 * resuming one (PUT, `job-queues:write`): the queue's actor records who did it, and every
 * worker's next claim skips a paused queue's jobs.
 */
export const jobQueueRoutes = (deps: PlatformDeps, jobs: JobService, clock: Clock): Hono<GatewayEnv> => {
  const app = new Hono<GatewayEnv>();
  const auth = bearerAuth(() => deps.ports.get(ports.authenticator));
  app.use(BASE, auth);
  app.use(`${BASE}/*`, auth);

  app.get(BASE, async (c) => {
    const caller = getCaller(c);
    require(caller, "read");
    return c.json(await listQueues(deps.db.kysely, caller, parsePage(c.req.query())));
  });

  app.put(`${BASE}/:queue`, async (c) => {
    const caller = getCaller(c);
    require(caller, "write");
    const { queue } = validate(QueuePath, { queue: c.req.param("queue") }, "The queue");
    const body = validate(QueueBody, await readJson(c));
    await deps.runtime.execute(
      "job-queue",
      queue,
      [{ type: body.paused ? "pause" : "resume", queue, at: clock.now().toISOString() }],
      initiatorOf(c),
      { existence: "any" },
    );
    // A resumed queue's due jobs start now, not at the workers' next poll.
    if (!body.paused) jobs.wakeWorkers();
    // A queue no definition names, resumed without ever being paused, has no row: nothing waits in it.
    return c.json((await findQueue(deps.db.kysely, caller, queue)) ?? { queue, paused: false, pending: 0, running: 0 });
  });

  return app;
};
