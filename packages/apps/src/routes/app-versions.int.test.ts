import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, json, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { actorsContext } from "@platform/actor-api";
import { ordersContext } from "@platform/orders";
import { appsContext } from "../index.ts";
import { appBody, componentSource } from "../testing/index.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform([
    staticAuthContext({
      admin: { scope: ["apps:*", "actors/order:*"], id: "p-admin" },
      deployer: { scope: ["apps:*"], id: "p-deployer" },
      // The same principal as `keeper`, after it lost actors/order:read.
      keeper: { scope: ["apps:*", "actors/order:read"], id: "p-keeper" },
      "keeper-now": { scope: ["apps:*"], id: "p-keeper" },
      reader: { scope: ["apps:read"], id: "p-reader" },
      nobody: { scope: ["sendings:read"], id: "p-nobody" },
    }),
    actorsContext,
    ordersContext,
    appsContext,
  ]);
});
afterAll(() => t.close());

const answering = (word: string) => componentSource(`return { answer: "${word}" };`);
const put = async (appId: string, word: string, token = "admin", acl: string[] = []) => {
  const r = await t.request("PUT", `/resources/apps/${appId}`, {
    token,
    body: appBody(appId, { say: answering(word) }, [{ route: `${appId}/say`, acl }]),
  });
  expect(r.status, await r.clone().text()).toBeLessThan(300);
  return json(r);
};
const say = async (appId: string) => json(await t.request("POST", `/ingress/${appId}/say`, { body: {} }));
const versions = (appId: string, query = "", token = "admin") =>
  t.request("GET", `/resources/apps/${appId}/versions${query}`, { token });
const rollback = (appId: string, body: unknown, token = "admin") =>
  t.request("POST", `/resources/apps/${appId}/rollback`, { token, body });
const at = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe("an app's versions and rollback", () => {
  it("lists each install and upgrade newest first, and rolls back to v1 as a new version", async () => {
    await put("roll", "one");
    await put("roll", "two", "deployer");
    expect(await say("roll")).toEqual({ answer: "two" });

    const listed = await versions("roll");
    expect(listed.status).toBe(200);
    const before = await json(listed);
    expect(before).toEqual({
      versions: [
        { version: 2, at, by: { principalId: "p-deployer" } },
        { version: 1, at, by: { principalId: "p-admin" } },
      ],
      totalCount: 2,
      firstCursor: expect.any(String),
      lastCursor: expect.any(String),
    });
    const got = await json(await t.request("GET", "/resources/apps/roll", { token: "admin" }));
    expect([got.version, got.updatedAt]).toEqual([2, before.versions[0].at]);

    const r = await rollback("roll", { version: 1 }, "deployer");
    expect(r.status).toBe(200);
    const app = await json(r);
    expect(app).toMatchObject({ appId: "roll", version: 3, installedBy: { principalId: "p-deployer" } });
    expect(app.components).toEqual([{ id: "say", parameters: {}, source: answering("one") }]);
    expect(app).toEqual(await json(await t.request("GET", "/resources/apps/roll", { token: "admin" })));
    expect(await say("roll")).toEqual({ answer: "one" });

    expect((await json(await versions("roll"))).versions).toEqual([
      { version: 3, at, by: { principalId: "p-deployer" } },
      { version: 2, at, by: { principalId: "p-deployer" } },
      { version: 1, at, by: { principalId: "p-admin" } },
    ]);
  });

  it("pages with limit, after and before, newest first", async () => {
    const first = await json(await versions("roll", "?limit=2"));
    expect([first.versions.map((v: { version: number }) => v.version), first.totalCount]).toEqual([[3, 2], 3]);
    const next = await json(await versions("roll", `?limit=2&after=${first.lastCursor}`));
    expect(next.versions.map((v: { version: number }) => v.version)).toEqual([1]);
    const back = await json(await versions("roll", `?limit=2&before=${next.firstCursor}`));
    expect(back.versions.map((v: { version: number }) => v.version)).toEqual([3, 2]);
    const bad = await versions("roll", "?after=nonsense");
    expect([bad.status, (await json(bad)).error.code]).toEqual([400, "VALIDATION_FAILED"]);
  });

  it("rolling back to the current version changes nothing", async () => {
    const r = await rollback("roll", { version: 3 }, "admin");
    expect(r.status).toBe(200);
    expect(await json(r)).toMatchObject({ version: 3, installedBy: { principalId: "p-deployer" } });
    expect((await json(await versions("roll"))).totalCount).toBe(3);
  });

  it("answers 404 for an unknown app or version, 400 for a body without an integer version", async () => {
    expect(await json(await versions("nosuch"))).toEqual({
      error: { code: "NOT_FOUND", message: "App nosuch not found" },
    });
    expect((await versions("nosuch")).status).toBe(404);
    const noApp = await rollback("nosuch", { version: 1 });
    expect([noApp.status, (await json(noApp)).error]).toEqual([
      404,
      { code: "NOT_FOUND", message: "App nosuch not found" },
    ]);
    const noVersion = await rollback("roll", { version: 9 });
    expect([noVersion.status, (await json(noVersion)).error]).toEqual([
      404,
      { code: "NOT_FOUND", message: "App roll has no version 9", details: { appId: "roll", version: 9 } },
    ]);
    // 1e308 and 2^31 are integers to JavaScript but no stream version to the database: they must not reach a query.
    const wrong = [{}, { version: "1" }, { version: 1.5 }, { version: 1, extra: true }, [], { version: 1e308 }];
    for (const body of [...wrong, { version: 2 ** 53 }, { version: 2 ** 31 }, { version: 0 }, { version: -1 }]) {
      const r = await rollback("roll", body);
      expect([r.status, (await json(r)).error.code]).toEqual([400, "VALIDATION_FAILED"]);
    }
    expect((await json(await versions("roll"))).totalCount).toBe(3);
  });

  it("needs apps:read to list and apps:write to roll back", async () => {
    expect((await versions("roll", "", "reader")).status).toBe(200);
    expect((await versions("roll", "", "nobody")).status).toBe(403);
    const r = await rollback("roll", { version: 2 }, "reader");
    expect([r.status, (await json(r)).error.code]).toEqual([403, "FORBIDDEN"]);
    expect(await say("roll")).toEqual({ answer: "one" });
    expect((await json(await versions("roll"))).totalCount).toBe(3);
  });

  it("checks the version's ingress acls against what the caller holds now", async () => {
    await put("guarded", "one", "keeper", ["actors/order:read"]);
    await put("guarded", "two", "keeper");
    const r = await rollback("guarded", { version: 1 }, "keeper-now");
    expect([r.status, (await json(r)).error]).toEqual([
      403,
      {
        code: "FORBIDDEN",
        message: "Ingress 'say' may not carry 'actors/order:read': you do not hold it",
        details: { ingressId: "say", ace: "actors/order:read" },
      },
    ]);
    expect(await say("guarded")).toEqual({ answer: "two" });
    expect((await json(await versions("guarded"))).totalCount).toBe(2);
    const allowed = await rollback("guarded", { version: 1 }, "keeper");
    expect([allowed.status, (await json(allowed)).version]).toEqual([200, 3]);
    expect(await say("guarded")).toEqual({ answer: "one" });
  });
});
