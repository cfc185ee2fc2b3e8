import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { jobsClient, json } from "../testing/jobs-client.ts";

const clock = fixedClock("2026-03-02T09:00:00.000Z");
let t: TestPlatform;

const j = json;
const client = jobsClient(() => t);
const post = (jobDefinitionId: string, parameters: Record<string, unknown> = {}) =>
  client.schedule({ jobDefinitionId, parameters });
const status = async (id: string) => (await client.job(id)).status as string;
const put = (queue: string, body: unknown, token = "admin") =>
  t.request("PUT", `/resources/job-queues/${queue}`, { token, body });
const queues = async (token = "admin") => {
  const r = await t.request("GET", "/resources/job-queues", { token });
  expect(r.status, await r.clone().text()).toBe(200);
  return j(r);
};
const settle = () => new Promise((r) => setTimeout(r, 300));

beforeAll(async () => {
  t = await jobsTestPlatform(clock, { JOBS_POLL_MS: "20" });
  await install(
    t,
    appBody("work", { echo: componentSource("return 1;", "{ channelKey: { type: ['text', 'nothing'] } }") }),
  );
  for (const [id, queue] of [
    ["reports/daily", "reports"],
    ["mail", null],
    ["bulk", "bulk"],
  ] as const) {
    const r = await t.request("PUT", `/resources/job-definitions/${id}`, {
      token: "admin",
      body: { componentId: "work/echo", queue },
    });
    expect(r.status).toBe(201);
  }
});
afterAll(() => t?.close());

describe("job queues", () => {
  it("lists default and every queue a definition names, by name, with their depth", async () => {
    expect(await queues()).toEqual({
      jobQueues: [
        { queue: "bulk", paused: false, pending: 0, running: 0 },
        { queue: "default", paused: false, pending: 0, running: 0 },
        { queue: "reports", paused: false, pending: 0, running: 0 },
      ],
      totalCount: 3,
      firstCursor: expect.any(String),
      lastCursor: expect.any(String),
    });
    const first = await j(await t.request("GET", "/resources/job-queues?limit=2", { token: "admin" }));
    expect(first.jobQueues.map((q: { queue: string }) => q.queue)).toEqual(["bulk", "default"]);
    const next = await j(
      await t.request("GET", `/resources/job-queues?limit=2&after=${first.lastCursor}`, { token: "admin" }),
    );
    expect(next.jobQueues.map((q: { queue: string }) => q.queue)).toEqual(["reports"]);
  });

  it("starts nothing of a paused queue, and its jobs run once it is resumed; other queues go on", async () => {
    const paused = await put("reports", { paused: true });
    expect(paused.status).toBe(200);
    expect(await j(paused)).toEqual({ queue: "reports", paused: true, pending: 0, running: 0 });
    const held = [
      await post("reports/daily", { channelKey: "web" }),
      await post("reports/daily", { channelKey: "shop" }),
    ];
    const other = await post("mail");
    await expect.poll(() => status(other), { timeout: 10_000, interval: 20 }).toBe("succeeded");
    await settle();
    expect(await Promise.all(held.map(status))).toEqual(["pending", "pending"]);
    expect((await queues()).jobQueues.find((q: { queue: string }) => q.queue === "reports")).toEqual({
      queue: "reports",
      paused: true,
      pending: 2,
      running: 0,
    });
    // A reader limited to channelKey web counts only the jobs it may see.
    expect((await queues("queueReader")).jobQueues.find((q: { queue: string }) => q.queue === "reports")).toEqual({
      queue: "reports",
      paused: true,
      pending: 1,
      running: 0,
    });

    const resumed = await put("reports", { paused: false });
    expect(resumed.status).toBe(200);
    expect((await j(resumed)).paused).toBe(false);
    for (const id of held) await expect.poll(() => status(id), { timeout: 10_000, interval: 20 }).toBe("succeeded");
  });

  it("keeps who paused and resumed a queue in its journal; a repeated PUT records nothing", async () => {
    expect((await put("reports", { paused: false })).status).toBe(200);
    const journal = await t.platform.store.readStream("job-queue-reports");
    expect(journal.map((e) => [e.type, e.metadata.principalId])).toEqual([
      ["JobQueuePaused", "p-admin"],
      ["JobQueueResumed", "p-admin"],
    ]);
  });

  it("pauses a queue no definition names yet, so a definition moved there starts nothing", async () => {
    expect(await j(await put("later", { paused: true }))).toEqual({
      queue: "later",
      paused: true,
      pending: 0,
      running: 0,
    });
    await t.request("PATCH", "/resources/job-definitions/bulk", { token: "admin", body: { queue: "later" } });
    const id = await post("bulk");
    await settle();
    expect(await status(id)).toBe("pending");
    // No definition names bulk any more, and it was never paused: it is not listed.
    expect((await queues()).jobQueues.map((q: { queue: string; pending: number }) => [q.queue, q.pending])).toEqual([
      ["default", 0],
      ["later", 1],
      ["reports", 0],
    ]);
    await put("later", { paused: false });
    await expect.poll(() => status(id), { timeout: 10_000, interval: 20 }).toBe("succeeded");
  });

  it("needs job-queues:read to list and job-queues:write to pause", async () => {
    expect((await t.request("GET", "/resources/job-queues", { token: "nobody" })).status).toBe(403);
    const refused = await put("reports", { paused: true }, "queueReader");
    expect(refused.status).toBe(403);
    expect((await j(refused)).error).toMatchObject({ code: "FORBIDDEN", message: "Requires job-queues:write" });
    expect((await queues()).jobQueues.find((q: { queue: string }) => q.queue === "reports").paused).toBe(false);
  });

  it("answers a queue nobody names or paused, resumed, as empty and running", async () => {
    const r = await put("nowhere", { paused: false });
    expect(r.status).toBe(200);
    expect(await j(r)).toEqual({ queue: "nowhere", paused: false, pending: 0, running: 0 });
    expect(await t.platform.store.readStream("job-queue-nowhere")).toEqual([]);
  });

  it("refuses a bad queue name or body, naming the field, and changes nothing", async () => {
    const name = await put("a%20b", { paused: true });
    expect(name.status).toBe(400);
    expect((await j(name)).error.details).toEqual([
      { path: "queue", message: "must be 1 to 64 of A-Z a-z 0-9 . _ ~ -" },
    ]);
    for (const [body, path] of [
      [{ paused: "yes" }, "paused"],
      [{}, "paused"],
      [{ paused: true, extra: 1 }, "extra"],
    ] as const) {
      const r = await put("reports", body);
      expect(r.status).toBe(400);
      expect((await j(r)).error.details.map((d: { path: string }) => d.path)).toEqual([path]);
    }
    expect((await queues()).jobQueues.find((q: { queue: string }) => q.queue === "reports").paused).toBe(false);
  });
});
