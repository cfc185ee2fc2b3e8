import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, appsTestPlatform, componentSource, install } from "../testing/index.ts";

let t: TestPlatform;
beforeAll(async () => {
  // Long enough that five other requests are answered while a component spins on a busy
  // two-core machine, and that a memory flood reaches the memory limit before the deadline.
  t = await appsTestPlatform({ COMPONENT_TIMEOUT_MS: "3000" });
  await install(
    t,
    appBody(
      "basics",
      {
        echo: componentSource(
          "return { n: params.n, note: params.note, at: params.at };",
          '{ n: { type: "number", default: 7 }, note: { type: ["text", "nothing"] }, at: { type: "instant" } }',
        ),
        thrower: componentSource(
          'throw new Error("boom at " + params.where);',
          '{ where: { type: "text", default: "start" } }',
        ),
        hog: componentSource("const a = []; while (true) a.push(new Array(1e5).fill(1));"),
        spin: componentSource("while (true) {}"),
        nothing: componentSource("return undefined;"),
      },
      [
        { route: "echo" },
        { route: "echo", id: "echo-put", httpMethod: "PUT" },
        { route: "private/echo", id: "private", isPublic: false },
        { route: "throw", componentId: "thrower" },
        { route: "hog", componentId: "hog" },
        { route: "spin", componentId: "spin" },
        { route: "nothing", componentId: "nothing", httpMethod: "GET" },
      ],
    ),
  );
});
afterAll(() => t.close());

const AT = "2026-05-01T12:00:00+02:00";

describe("an ingress with a structured body", () => {
  it("runs the component with the body as parameters (defaults filled in) and answers its return value", async () => {
    const r = await t.request("POST", "/ingress/echo", { body: { at: AT } });
    expect(r.status).toBe(200);
    expect(await json(r)).toEqual({ n: 7, note: null, at: "2026-05-01T10:00:00.000Z" });
    expect(await json(await t.request("PUT", "/ingress/echo", { body: { n: 2, note: "hi", at: AT } }))).toEqual({
      n: 2,
      note: "hi",
      at: "2026-05-01T10:00:00.000Z",
    });
  });

  it("answers 400 VALIDATION_FAILED naming every bad, missing and undeclared field", async () => {
    const r = await t.request("POST", "/ingress/echo", { body: { n: "seven", extra: true } });
    expect(r.status).toBe(400);
    expect(await json(r)).toEqual({
      error: {
        code: "VALIDATION_FAILED",
        message: "The component's parameters are invalid",
        details: [
          { path: "n", message: "expected a number" },
          { path: "at", message: "required" },
          { path: "extra", message: "not a declared parameter" },
        ],
      },
    });
  });

  it("refuses a body that is not a JSON object, and one that is not JSON", async () => {
    expect(await json(await t.request("POST", "/ingress/echo", { body: [1] }))).toEqual({
      error: {
        code: "VALIDATION_FAILED",
        message: "The body must be a JSON object of the component's parameters",
        details: [{ path: "(body)", message: "must be a JSON object" }],
      },
    });
    expect(
      (
        await t.request("POST", "/ingress/echo", {
          raw: "n=1",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(415);
    expect(
      (await t.request("POST", "/ingress/echo", { raw: "{", headers: { "Content-Type": "application/json" } })).status,
    ).toBe(400);
  });

  it("answers another method with 405 and Allow, and an unknown route with 404", async () => {
    const r = await t.request("DELETE", "/ingress/echo");
    expect(r.status).toBe(405);
    expect(r.headers.get("Allow")).toBe("POST, PUT");
    expect((await json(r)).error.code).toBe("METHOD_NOT_ALLOWED");
    const missing = await t.request("POST", "/ingress/nowhere", { body: {} });
    expect(missing.status).toBe(404);
    expect((await json(missing)).error.code).toBe("NOT_FOUND");
  });

  it("needs a valid bearer token unless the ingress is public", async () => {
    const none = await t.request("POST", "/ingress/private/echo", { body: { at: AT } });
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toContain("Bearer");
    expect((await t.request("POST", "/ingress/private/echo", { body: { at: AT }, token: "forged" })).status).toBe(401);
    expect((await t.request("POST", "/ingress/private/echo", { body: { at: AT }, token: "invoker" })).status).toBe(200);
  });

  it("answers null for a component that returns nothing, on GET without a body", async () => {
    const r = await t.request("GET", "/ingress/nothing");
    expect(r.status).toBe(200);
    expect(await r.text()).toBe("null");
  });
});

describe("a component that fails", () => {
  it("throws: 502 COMPONENT_FAILED with its message and no host stack", async () => {
    const r = await t.request("POST", "/ingress/throw", { body: { where: "line 1" } });
    expect(r.status).toBe(502);
    const e = await json(r);
    expect(e.error.code).toBe("COMPONENT_FAILED");
    expect(e.error.message).toContain("boom at line 1");
    expect(JSON.stringify(e)).not.toMatch(/node_modules|packages\/|\.ts:/);
  });

  it("runs out of memory: 502 COMPONENT_FAILED", async () => {
    const r = await t.request("POST", "/ingress/hog", { body: {} });
    expect(r.status).toBe(502);
    expect((await json(r)).error).toMatchObject({
      code: "COMPONENT_FAILED",
      message: expect.stringContaining("out of memory"),
    });
  });

  it("runs past its time: 504 COMPONENT_TIMEOUT, while the service keeps answering other requests", async () => {
    // The order of the answers, not how long they took: each other request is answered while
    // the component still spins, before its 504 (one after another, so a service held by the
    // spin could not answer the later ones first).
    const answered: string[] = [];
    const spinning = t.request("POST", "/ingress/spin", { body: {} }).then((r) => {
      answered.push(`spin ${r.status}`);
      return r;
    });
    for (let i = 0; i < 5; i++)
      answered.push(`echo ${(await t.request("POST", "/ingress/echo", { body: { at: AT } })).status}`);
    const r = await spinning;
    expect(answered).toEqual(["echo 200", "echo 200", "echo 200", "echo 200", "echo 200", "spin 504"]);
    expect((await json(r)).error).toMatchObject({ code: "COMPONENT_TIMEOUT" });
  });
});
