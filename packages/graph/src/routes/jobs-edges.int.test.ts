import { describe, expect, it } from "vitest";
import type { Err } from "./test-support/jobs-orders-fixture.ts";
import {
  forbidden,
  definitionIds,
  jobKeys,
  jobs,
  one,
  post,
  useJobsOrdersPlatform,
} from "./test-support/jobs-orders-fixture.ts";

useJobsOrdersPlatform();

describe("the jobs edge", () => {
  it("filters on definition and status, and on runAt as instants", async () => {
    expect(await jobKeys('jobDefinitionId == "reports/daily"')).toEqual({ keys: ["j1", "j2", "j5"], count: 3 });
    expect(await jobKeys('status == "cancelled"')).toEqual({ keys: ["j4"], count: 1 });
    expect(await jobKeys('status != "cancelled" and jobDefinitionId startsWith "REPORTS/W"')).toEqual({
      keys: ["j3"],
      count: 1,
    });
    // 02:30+01:00 is 01:30Z; 04:00+01:00 is 03:00Z (inclusive).
    expect(await jobKeys('runAt > "2026-03-03T02:30:00+01:00" and runAt <= "2026-03-03T04:00:00+01:00"')).toEqual({
      keys: ["j2", "j3"],
      count: 2,
    });
    expect(await jobKeys('runAt >= "2026-03-04"')).toEqual({ keys: ["j5"], count: 1 });
    expect(await jobKeys('runAt < "2026-03-03T02:00:00Z" or runAt == "2026-03-04T01:00:00+01:00"')).toEqual({
      keys: ["j1", "j5"],
      count: 2,
    });
    expect(await jobKeys('channelKey == null or channelKey in ["shop"]')).toEqual({ keys: ["j2", "j3"], count: 2 });
    expect(await jobKeys('trigger == "api" and attempt == 0 and startedAt == null and finishedAt != null')).toEqual({
      keys: ["j4"],
      count: 1,
    });
    const bad = await post([{ edge: "jobs", filter: 'runAt > "tomorrow"' }], "graph");
    expect([bad.status, ((await bad.json()) as Err).error]).toEqual([
      400,
      {
        code: "VALIDATION_FAILED",
        message: 'filter: runAt is an instant; "tomorrow" is not an ISO 8601 instant at 0',
        details: [{ path: "0.filter", message: 'runAt is an instant; "tomorrow" is not an ISO 8601 instant at 0' }],
      },
    ]);
  });

  it("shows the unrestricted fields by default; parameters and result need graph/job:field", async () => {
    const a = await one({ edge: "jobs", filter: `jobId == "${jobs.j4}"` }, "query");
    expect(a.nodes).toEqual([
      {
        jobId: jobs.j4,
        jobDefinitionId: "reports/weekly",
        status: "cancelled",
        trigger: "api",
        runAt: "2026-03-03T04:00:00.000Z",
        createdAt: "2026-03-02T09:00:00.000Z",
        startedAt: null,
        finishedAt: "2026-03-02T09:00:00.000Z",
        attempt: 0,
        error: null,
        channelKey: "web",
      },
    ]);
    for (const field of ["parameters", "result"])
      expect(await forbidden({ edge: "jobs", node: { fields: ["jobId", field] } }, "query")).toEqual({
        status: 403,
        body: { error: { code: "FORBIDDEN", message: `Field ${field} of jobs requires graph/job:field` } },
      });
    const granted = await one(
      { edge: "jobs", filter: `jobId == "${jobs.j1}"`, node: { fields: ["parameters", "result"] } },
      "fields",
    );
    expect(granted.nodes).toEqual([{ parameters: { day: "j1", copies: 1, channelKey: "web" }, result: null }]);
  });

  it("leaves out, and does not count, jobs outside the caller's channelKey or without one", async () => {
    expect(await jobKeys("")).toEqual({ keys: ["j1", "j2", "j3", "j4", "j5"], count: 5 });
    expect(await jobKeys("", "web")).toEqual({ keys: ["j1", "j4", "j5"], count: 3 });
    expect(await jobKeys('channelKey != "web"', "web")).toEqual({ keys: [], count: 0 });
    expect(await jobKeys('status == "pending"', "web")).toEqual({ keys: ["j1", "j5"], count: 2 });
    // Jobs carry no `region`: a caller restricted on it sees none.
    expect(await jobKeys("", "region")).toEqual({ keys: [], count: 0 });
  });
});

describe("the jobDefinitions edge", () => {
  it("filters on componentId, queue and scheduleSuspended as a boolean", async () => {
    expect(await definitionIds('componentId == "shop/report"')).toEqual([
      "reports/daily",
      "reports/paused",
      "reports/weekly",
    ]);
    expect(await definitionIds('queue == "slow"')).toEqual(["reports/weekly"]);
    expect(await definitionIds('queue == "default"')).toEqual(["reports/daily", "reports/paused"]);
    expect(await definitionIds("scheduleSuspended == true")).toEqual(["reports/paused"]);
    expect(await definitionIds("scheduleSuspended == false")).toEqual(["reports/daily", "reports/weekly"]);
    expect(await definitionIds("maxConcurrency >= 2 or scheduleIsOverridden == true")).toEqual(["reports/weekly"]);
    expect(await definitionIds("maxConcurrency == null and appId == null")).toEqual([
      "reports/daily",
      "reports/paused",
    ]);
    const bad = await post([{ edge: "jobDefinitions", filter: 'scheduleSuspended == "true"' }], "graph");
    expect([bad.status, ((await bad.json()) as Err).error.details]).toEqual([
      400,
      [{ path: "0.filter", message: 'scheduleSuspended is a boolean, not "true" at 0' }],
    ]);
  });

  it("answers every definition's fields, and is not narrowed by access attributes", async () => {
    const a = await one({ edge: "jobDefinitions", filter: 'jobDefinitionId == "reports/paused"' }, "definitionsOnly");
    expect(a.nodes).toEqual([
      {
        jobDefinitionId: "reports/paused",
        componentId: "shop/report",
        appId: null,
        queue: "default",
        maxConcurrency: null,
        scheduleSuspended: true,
        scheduleConcurrency: "forbid",
        scheduleIsOverridden: false,
        schedules: [{ cron: "0 3 * * *" }],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    ]);
    for (const token of ["web", "region"])
      expect(await definitionIds("", token)).toEqual(["reports/daily", "reports/paused", "reports/weekly"]);
    expect(await forbidden({ edge: "jobs" }, "definitionsOnly")).toEqual({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: "Requires graph/job:query for the jobs edge" } },
    });
  });
});
