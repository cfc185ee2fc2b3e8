import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { jobsClient, json } from "../testing/jobs-client.ts";

const clock = fixedClock("2026-03-02T09:00:00.000Z");
let t: TestPlatform;
const components = {
  echo: componentSource("return params.n;", "{ n: { type: 'number' } }"),
  // Asks for the same unique job twice and a third with another key: two jobs come of it.
  twice: componentSource(
    'for (const key of ["a", "a", "b"]) ctx.emit({ effect: "scheduleJob", definition: "later", ' +
      'at: "PT1H", uniqueKey: key, parameters: { n: 1 } }); return "asked";',
    "{}",
  ),
};

const j = json;
const { job: get, until } = jobsClient(() => t);
// The answer itself: these tests look at the refusals too.
const post = (body: Record<string, unknown>) => t.request("POST", "/resources/jobs", { token: "admin", body });
const finished = (id: string) => until(id, /succeeded|failed/);

beforeAll(async () => {
  t = await jobsTestPlatform(clock, { JOBS_POLL_MS: "20" });
  await install(t, appBody("work", components));
  for (const [id, componentId] of [
    ["later", "work/echo"],
    ["other", "work/echo"],
    ["twice", "work/twice"],
  ] as const) {
    const r = await t.request("PUT", `/resources/job-definitions/${id}`, {
      token: "admin",
      body: { componentId, acl: ["jobs/later:schedule"] },
    });
    expect(r.status).toBe(201);
  }
});
afterAll(() => t?.close());

describe("unique jobs", () => {
  it("takes one of many racing requests with the same key; the others get 409 naming it", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post({ jobDefinitionId: "later", parameters: { n: 1 }, runAt: "2026-03-02T10:00:00Z", uniqueKey: "report:42" }),
      ),
    );
    const made = answers.filter((r) => r.status === 201);
    expect(made).toHaveLength(1);
    const jobId = (await j(made[0]!)).jobId as string;
    const refused = await Promise.all(answers.filter((r) => r.status !== 201).map(j));
    expect(refused).toHaveLength(7);
    for (const body of refused)
      expect(body.error).toEqual({
        code: "CONFLICT",
        message: "A job of later with uniqueKey 'report:42' is pending or running",
        details: { jobId },
      });
    const listed = await j(
      await t.request("GET", "/resources/jobs?jobDefinitionId=later&limit=100", { token: "admin" }),
    );
    expect(listed.jobs.map((x: { jobId: string }) => x.jobId)).toEqual([jobId]);
  });

  it("holds a key per definition: another definition, or another key, is a job of its own", async () => {
    expect(
      (
        await post({
          jobDefinitionId: "other",
          parameters: { n: 1 },
          runAt: "2026-03-02T10:00:00Z",
          uniqueKey: "report:42",
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await post({
          jobDefinitionId: "later",
          parameters: { n: 1 },
          runAt: "2026-03-02T10:00:00Z",
          uniqueKey: "report:43",
        })
      ).status,
    ).toBe(201);
    expect((await post({ jobDefinitionId: "later", parameters: { n: 1 }, runAt: "2026-03-02T10:00:00Z" })).status).toBe(
      201,
    );
  });

  it("lets the key go when its job finishes or is cancelled", async () => {
    const first = await post({ jobDefinitionId: "later", parameters: { n: 2 }, uniqueKey: "now" });
    expect(first.status).toBe(201);
    const id = (await j(first)).jobId as string;
    await finished(id);
    const second = await post({
      jobDefinitionId: "later",
      parameters: { n: 2 },
      runAt: "2026-03-02T11:00:00Z",
      uniqueKey: "now",
    });
    expect(second.status).toBe(201);
    const secondId = (await j(second)).jobId as string;
    expect((await post({ jobDefinitionId: "later", parameters: { n: 2 }, uniqueKey: "now" })).status).toBe(409);
    expect((await t.request("DELETE", `/resources/jobs/${secondId}`, { token: "admin" })).status).toBe(204);
    expect(
      (await post({ jobDefinitionId: "later", parameters: { n: 2 }, runAt: "2026-03-02T11:00:00Z", uniqueKey: "now" }))
        .status,
    ).toBe(201);
  });

  it("makes one job of a component's effects that share a key", async () => {
    const r = await post({ jobDefinitionId: "twice", parameters: {} });
    const id = (await j(r)).jobId as string;
    await finished(id);
    expect(await get(id)).toMatchObject({ status: "succeeded", result: "asked" });
    // Its worker makes them after recording the success.
    const made = async () => {
      const listed = await j(
        await t.request("GET", "/resources/jobs?jobDefinitionId=later&status=pending&limit=100", { token: "admin" }),
      );
      return (listed.jobs as { trigger: string; runAt: string }[])
        .filter((x) => x.trigger === "self")
        .map((x) => x.runAt);
    };
    await expect.poll(made, { timeout: 10_000, interval: 20 }).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(await made()).toEqual(["2026-03-02T10:00:00.000Z", "2026-03-02T10:00:00.000Z"]);
    expect((await t.platform.store.readStream(`job-${id}`)).at(-1)).toMatchObject({
      type: "JobSucceeded",
      data: { next: [{ uniqueKey: "a" }, { uniqueKey: "a" }, { uniqueKey: "b" }] },
    });
  });

  it("refuses a bad key, naming it", async () => {
    for (const [uniqueKey, message] of [
      ["", "must not be empty"],
      ["x".repeat(201), "must be at most 200 characters"],
      ["a\nb", "must not hold control characters"],
      [7, "must be a string"],
    ] as const) {
      const r = await post({ jobDefinitionId: "later", parameters: { n: 1 }, uniqueKey });
      expect(r.status).toBe(400);
      expect((await j(r)).error.details).toEqual([{ path: "uniqueKey", message }]);
    }
  });
});
