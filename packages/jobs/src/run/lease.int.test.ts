import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { claimDue } from "./claims.ts";
import { jobServiceKey } from "./job-service.ts";
import { createJobWorker } from "./job-worker.ts";
import type { JobWorker } from "./job-worker.ts";

const clock = fixedClock("2026-03-02T09:00:00.000Z");
const LEASE_MS = 30_000;
let t: TestPlatform;
let worker: JobWorker;
const busy = componentSource(
  "const end = Date.now() + params.ms; while (Date.now() < end) {} return params.ms;",
  "{ ms: { type: 'number', default: 0 } }",
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const j = (r: Response): Promise<any> => r.json();
const post = async (jobDefinitionId: string, parameters: Record<string, unknown> = {}) => {
  const r = await t.request("POST", "/resources/jobs", { token: "admin", body: { jobDefinitionId, parameters } });
  expect(r.status, await r.clone().text()).toBe(201);
  return (await j(r)).jobId as string;
};
const get = async (id: string) => j(await t.request("GET", `/resources/jobs/${id}`, { token: "admin" }));
const journal = async (id: string) =>
  (await t.platform.store.readStream(`job-${id}`)).map((e) =>
    e.type === "JobStarted" ? `JobStarted ${(e.data as { attempt: number }).attempt}` : e.type,
  );

/** A worker that claims the job and starts it, then is lost (it never renews nor finishes). */
const lose = async (jobId: string, owner: string) => {
  const claims = await claimDue(t.platform.db, {
    owner,
    now: clock.now(),
    leaseMs: LEASE_MS,
    limit: 10,
    queues: ["lease"],
  });
  expect(claims.map((c) => c.jobId)).toEqual([jobId]);
  const attempt =
    ((await get(jobId)).status === "pending"
      ? 0
      : ((await t.platform.runtime.load("job", jobId)).state as { attempt: number }).attempt) + 1;
  await t.platform.runtime.execute("job", jobId, [{ type: "start", attempt, at: clock.now().toISOString() }], {
    clientId: owner,
  });
};

beforeAll(async () => {
  // The platform's own worker serves the default queue only; these tests drive the "lease" and "limited" queues
  // themselves.
  t = await jobsTestPlatform(clock, { JOBS_POLL_MS: "20", JOBS_QUEUES: "default" });
  await install(t, appBody("work", { busy }));
  for (const [id, body] of [
    ["lease/job", { queue: "lease" }],
    ["limited", { queue: "limited", maxConcurrency: 2 }],
    ["plain", {}],
  ] as const)
    expect(
      (
        await t.request("PUT", `/resources/job-definitions/${id}`, {
          token: "admin",
          body: { componentId: "work/busy", ...body },
        })
      ).status,
    ).toBe(201);
  worker = createJobWorker(t.platform, clock, t.platform.ports.get(jobServiceKey), {
    queues: ["lease"],
    leaseMs: LEASE_MS,
  });
});
afterAll(() => t?.close());

describe("a dead worker's job, long before its lease lapses", () => {
  const takenBack = async (owner: string) => {
    const id = await post("lease/job");
    await lose(id, owner);
    const fresh = createJobWorker(t.platform, clock, t.platform.ports.get(jobServiceKey), {
      queues: ["lease"],
      leaseMs: LEASE_MS,
      pollMs: 20,
    });
    fresh.start();
    try {
      await expect.poll(async () => (await get(id)).status, { timeout: 5000, interval: 20 }).toBe("succeeded");
    } finally {
      await fresh.stop();
    }
    expect(await journal(id)).toEqual(["JobScheduled", "JobStarted 1", "JobStarted 2", "JobSucceeded"]);
  };

  it.skipIf(!!process.env.DATABASE_URL)(
    "is taken back when a worker starts on the embedded engine: a claim of another process is a dead one's",
    () => takenBack("1-gone/worker"),
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "is taken back within a second on PostgreSQL when its worker's session lock is gone",
    async () => {
      // Listed as alive, but nobody holds its lock: the session that held it ended.
      await t.platform.db.pool.query("INSERT INTO jobs_workers (owner, started_at) VALUES ('1-gone/session', now())");
      await takenBack("1-gone/session");
      expect(
        (await t.platform.db.pool.query("SELECT owner FROM jobs_workers WHERE owner = '1-gone/session'")).rows,
      ).toEqual([]);
    },
  );
});

describe("a lost worker's job", () => {
  it("is run again by another worker once the lease lapses, and finished once", async () => {
    const id = await post("lease/job");
    await lose(id, "lost-1");
    clock.advance(LEASE_MS - 1);
    await worker.drain();
    expect((await get(id)).status).toBe("running");
    clock.advance(2);
    await worker.drain();
    expect(await get(id)).toMatchObject({ status: "succeeded", result: 0 });
    expect(await journal(id)).toEqual(["JobScheduled", "JobStarted 1", "JobStarted 2", "JobSucceeded"]);
  });

  it("refuses the lost worker's late outcome after the takeover", async () => {
    const id = await post("lease/job");
    await lose(id, "lost-1");
    clock.advance(LEASE_MS + 1);
    await worker.drain();
    await expect(
      t.platform.runtime.execute(
        "job",
        id,
        [{ type: "succeed", attempt: 1, result: "late", at: clock.now().toISOString() }],
        { clientId: "lost-1" },
      ),
    ).rejects.toMatchObject({ code: "INVALID_STATE" });
    expect(await get(id)).toMatchObject({ status: "succeeded", result: 0 });
  });

  it("fails after 3 attempts, saying why", async () => {
    const id = await post("lease/job");
    for (const owner of ["lost-1", "lost-2", "lost-3"]) {
      await lose(id, owner);
      clock.advance(LEASE_MS + 1);
    }
    await worker.drain();
    expect(await get(id)).toMatchObject({ status: "failed", error: expect.stringMatching(/^WORKER_LOST: .* 3 times/) });
    expect(await journal(id)).toEqual(["JobScheduled", "JobStarted 1", "JobStarted 2", "JobStarted 3", "JobFailed"]);
  });
});

describe("queues and maxConcurrency", () => {
  it("leaves a queue's jobs to the workers that serve it", async () => {
    const other = await post("lease/job");
    const plain = await post("plain");
    await expect.poll(async () => (await get(plain)).status).toBe("succeeded");
    expect((await get(other)).status).toBe("pending");
    await worker.drain();
    expect((await get(other)).status).toBe("succeeded");
  });

  it("holds maxConcurrency across workers claiming at the same moment", async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await post("limited"));
    const claim = (owner: string) =>
      claimDue(t.platform.db, { owner, now: clock.now(), leaseMs: LEASE_MS, limit: 5, queues: ["limited"] });
    const [a, b, c] = await Promise.all([claim("a"), claim("b"), claim("c")]);
    expect(a.length + b.length + c.length).toBe(2);
    expect(await claim("d")).toEqual([]);
    // A claim whose lease lapsed no longer counts.
    clock.advance(LEASE_MS + 1);
    expect(await claim("e")).toHaveLength(2);
    await t.platform.db.pool.query(
      "UPDATE jobs_queue SET claimed_by = NULL, lease_until = NULL WHERE definition_id = 'limited'",
    );
  });

  it("runs at most maxConcurrency jobs of a definition at once across two workers, every job once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await post("limited", { ms: 150 }));
    const service = t.platform.ports.get(jobServiceKey);
    const workers = [0, 1].map(() =>
      createJobWorker(t.platform, clock, service, { queues: ["limited"], leaseMs: LEASE_MS, concurrency: 4 }),
    );
    let most = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await t.platform.db.pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM jobs_jobs WHERE definition_id = 'limited' AND status = 'running'",
        );
        most = Math.max(most, rows[0]!.n);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await Promise.all(workers.map((w) => w.drain()));
    sampling = false;
    await sampler;
    expect(most).toBe(2);
    const all = (
      await j(await t.request("GET", "/resources/jobs?jobDefinitionId=limited&limit=100", { token: "admin" }))
    ).jobs as { status: string }[];
    expect(all.map((x) => x.status)).toEqual(Array(all.length).fill("succeeded"));
    for (const id of ids) expect(await journal(id)).toEqual(["JobScheduled", "JobStarted 1", "JobSucceeded"]);
  });
});
