import { describe, expect, it } from "vitest";
import { json } from "@platform/http/testing";
import { emitted, t } from "./component-ctx-fixture.ts";

describe("ctx.emit", () => {
  it("validates a scheduleJob effect and hands it to the jobs context with the run's caller", async () => {
    emitted.length = 0;
    const before = Date.now();
    const r = await t.request("POST", "/ingress/emit", {
      body: { effect: { effect: "scheduleJob", definition: "nightly", at: "PT10M", parameters: { a: 1 } } },
    });
    const after = Date.now();
    expect(await json(r)).toBe("emitted");
    expect(emitted).toHaveLength(1);
    const { effect, source } = emitted[0]!;
    expect(effect).toMatchObject({ effect: "scheduleJob", definition: "nightly", parameters: { a: 1 } });
    // Ten minutes after the run, which happened between the request and its answer.
    expect(Date.parse(effect.runAt) - 600_000).toBeGreaterThanOrEqual(before);
    expect(Date.parse(effect.runAt) - 600_000).toBeLessThanOrEqual(after);
    expect(source.caller.scope).toEqual(["jobs/nightly:schedule"]);
    expect(source.who).toMatchObject({ appId: "ctx", componentId: "emit", ingressId: "emit" });
  });

  it("fails the run (502) for an effect it refuses, even when the component did not await it", async () => {
    emitted.length = 0;
    const bad = await t.request("POST", "/ingress/emit", {
      body: { effect: { effect: "scheduleJob", definition: "nightly", at: "P1M" } },
    });
    expect(bad.status).toBe(502);
    expect((await json(bad)).error).toEqual({
      code: "COMPONENT_FAILED",
      message: "ctx.emit was refused: ctx.emit: the effect is invalid",
      details: { code: "VALIDATION_FAILED" },
    });
    const other = await t.request("POST", "/ingress/emit", {
      body: { effect: { effect: "scheduleJob", definition: "weekly" } },
    });
    expect((await json(other)).error).toEqual({
      code: "COMPONENT_FAILED",
      message: "ctx.emit was refused: Requires jobs/weekly:schedule",
      details: { code: "FORBIDDEN" },
    });
    expect(emitted).toEqual([]);
  });
});
