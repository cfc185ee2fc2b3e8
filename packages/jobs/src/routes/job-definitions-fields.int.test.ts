import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { definitionRequests, issues, j, startDefinitionsPlatform } from "./job-definitions-fixture.ts";

const clock = fixedClock("2026-11-24T10:00:00Z");
let t: TestPlatform;

beforeAll(async () => {
  t = await startDefinitionsPlatform(clock);
});
afterAll(() => t?.close());

const { put, patch, get } = definitionRequests(() => t);

describe("job definitions: what a definition may name and carry", () => {
  it(
    "names an installed component: unknown → 400; a bare id two apps have → 400 naming both; in " + "full → fine",
    async () => {
      expect(await issues(await put("c1", { componentId: "nope" }))).toMatchObject({
        code: "VALIDATION_FAILED",
        details: [{ path: "componentId" }],
      });
      const both = await issues(await put("c1", { componentId: "cleanup" }));
      expect(both.details[0]!.message).toBe(
        "is a component of several apps (shop, tools): name one as <appId>/cleanup",
      );
      expect(await j(await put("c1", { componentId: "tools/cleanup" }))).toMatchObject({
        componentId: "tools/cleanup",
      });
      expect((await put("c2", { componentId: "shop/nope" })).status).toBe(400);
    },
  );

  it("carries an acl of at most what its writer holds", async () => {
    const r = await put("c3", { componentId: "report", acl: ["actors/order:cancel"] });
    expect(r.status).toBe(403);
    expect((await j(r)).error.details).toEqual({ ace: "actors/order:cancel" });
    expect((await put("c3", { componentId: "report", acl: ["actors/order:create"] })).status).toBe(201);
    expect((await put("c3", { componentId: "report", acl: ["actors/order:cancel"] }, "admin")).status).toBe(200);
    // A PATCH by someone who does not hold the acl would make them its writer: refused.
    expect((await patch("c3", { queue: "x" })).status).toBe(403);
  });

  it("carries a retry: members left out take their defaults, PATCH merges, null clears", async () => {
    const r = await put("retried", { componentId: "report", retry: { maxAttempts: 5 } });
    expect(await j(r)).toMatchObject({ retry: { maxAttempts: 5, backoffSeconds: 30, maxBackoffSeconds: 3600 } });
    expect(await j(await patch("retried", { retry: { backoffSeconds: 2, maxBackoffSeconds: 60 } }))).toMatchObject({
      retry: { maxAttempts: 5, backoffSeconds: 2, maxBackoffSeconds: 60 },
    });
    expect(await j(await patch("retried", { retry: null }))).toMatchObject({
      retry: { maxAttempts: 1, backoffSeconds: 30, maxBackoffSeconds: 3600 },
    });
    const bad = await issues(
      await put("retried", {
        componentId: "report",
        retry: { maxAttempts: 0, backoffSeconds: 1.5, maxBackoffSeconds: "1h", jitter: true },
      }),
    );
    expect(bad.details).toEqual([
      { path: "retry.maxAttempts", message: "must be at least 1" },
      { path: "retry.backoffSeconds", message: "must be an integer" },
      { path: "retry.maxBackoffSeconds", message: "must be an integer" },
      { path: "retry.jitter", message: expect.any(String) },
    ]);
    expect(await issues(await put("retried", { componentId: "report", retry: [] }))).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ path: "retry" }],
    });
    expect((await j(await get("retried"))).retry).toEqual({
      maxAttempts: 1,
      backoffSeconds: 30,
      maxBackoffSeconds: 3600,
    });
  });

  it("refuses bad fields, each named", async () => {
    const r = await put("c4", {
      componentId: "report",
      scheduleConcurrency: "replace",
      maxConcurrency: 0,
      queue: "a b",
      extra: 1,
      scheduleStartingDeadlineSeconds: -1,
    });
    const e = await issues(r);
    expect(e.details.map((d) => d.path).sort()).toEqual([
      "extra",
      "maxConcurrency",
      "queue",
      "scheduleConcurrency",
      "scheduleStartingDeadlineSeconds",
    ]);
    expect(e.details.find((d) => d.path === "scheduleConcurrency")!.message).toBe(
      "replace is not supported (use forbid or allow)",
    );
    expect((await put("a//b", { componentId: "report" })).status).toBe(400);
    expect((await get("c4")).status).toBe(404);
  });
});
