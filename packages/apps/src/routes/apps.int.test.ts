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
      narrow: { scope: ["apps:write", "apps:read", "actors/order:read"], id: "p-narrow" },
      reader: { scope: ["apps:read"], id: "p-reader" },
      nobody: { scope: ["sendings:read"], id: "p-nobody" },
    }),
    actorsContext,
    ordersContext,
    appsContext,
  ]);
});
afterAll(() => t.close());

const put = (appId: string, body: unknown, token = "admin") =>
  t.request("PUT", `/resources/apps/${appId}`, { token, body });
const echo = componentSource("return { got: params.n };", '{ n: { type: "number", default: 1 } }');

describe("PUT /resources/apps/{appId}", () => {
  it("installs (201), upgrades (200), and shows the app with its components' parameters and ingress URLs", async () => {
    const r = await put(
      "shop",
      appBody("shop", { echo }, [{ route: "shop/echo" }], { description: "A shop", authors: ["Ada"] }),
    );
    expect(r.status).toBe(201);
    const app = await json(r);
    expect(app).toMatchObject({
      appId: "shop",
      name: "App shop",
      description: "A shop",
      authors: ["Ada"],
      extensions: null,
      components: [{ id: "echo", parameters: { n: { type: "number", default: 1 } }, source: echo }],
      ingresses: [
        {
          id: "echo",
          componentId: "echo",
          acl: [],
          type: "http",
          properties: { route: "shop/echo", httpMethod: "POST", body: { mode: "structured" }, isPublic: true },
          url: "http://localhost:8080/ingress/shop/echo",
        },
      ],
      version: 1,
      installedBy: { principalId: "p-admin" },
    });
    expect(app.digest).toMatch(/^[0-9a-f]{64}$/);

    const same = await put(
      "shop",
      appBody("shop", { echo }, [{ route: "shop/echo" }], { description: "A shop", authors: ["Ada"] }),
    );
    expect(same.status).toBe(200);
    expect((await json(same)).version).toBe(1);

    const up = await put("shop", appBody("shop", { echo }, [{ route: "shop/echo2" }]));
    expect(up.status).toBe(200);
    expect(await json(up)).toMatchObject({ version: 2, ingresses: [{ properties: { route: "shop/echo2" } }] });
  });

  it("validates the whole app before storing anything, a path per problem", async () => {
    const body = appBody("bad", { ok: echo, broken: "export default 5;" }, [
      { route: "x", acl: ["not an ace"] },
      { route: "x" },
      { route: "a//b" },
      { route: "y", componentId: "ghost" },
    ]);
    (body.components as Record<string, unknown>).extra = { source: echo };
    const r = await put("bad", body);
    expect(r.status).toBe(400);
    const e = await json(r);
    expect(e.error.code).toBe("VALIDATION_FAILED");
    expect(e.error.details).toEqual([
      { path: "manifest.ingresses[0].acl[0]", message: "is not an access control entry (resource:permission)" },
      {
        path: "manifest.ingresses[2].properties.route",
        message: "must be path segments of A-Z a-z 0-9 . _ ~ - joined by /",
      },
      {
        path: "components.broken.source",
        message:
          "default: the module must export a default function: export default async function run(params, ctx) {…}",
      },
      {
        path: "components.broken.source",
        message: "parameters: the module must export its parameters: export const parameters = {…}",
      },
    ]);
    expect((await t.request("GET", "/resources/apps/bad", { token: "admin" })).status).toBe(404);
  });

  it("reports cross-references once the manifest's shape is right", async () => {
    const body = appBody("other-id", { ok: echo }, [
      { route: "r/x" },
      { route: "r/x", id: "x2" },
      { route: "r/y", componentId: "ghost" },
    ]);
    (body.components as Record<string, unknown>).extra = { source: echo };
    const r = await put("refs", body);
    expect((await json(r)).error.details).toEqual([
      { path: "manifest.id", message: "must equal the app id of the path ('refs')" },
      { path: "manifest.ingresses[1].properties.route", message: "POST r/x is also ingress 0's" },
      { path: "manifest.ingresses[2].componentId", message: "names no component of this app ('ghost')" },
      { path: "components.extra", message: "is not declared in manifest.components" },
    ]);
  });

  it("refuses a body that is not an app, and unknown manifest fields", async () => {
    expect((await json(await put("z", []))).error.details).toEqual([
      { path: "(body)", message: "must be an object {manifest, components}" },
    ]);
    const r = await put("z", {
      ...appBody("z", { echo }),
      extra: 1,
      manifest: { ...appBody("z", { echo }).manifest, colour: "red" },
    });
    expect((await json(r)).error.details).toEqual([
      { path: "extra", message: "is not a field of an app (manifest, components)" },
      { path: "manifest.colour", message: "is not a field of the manifest here" },
    ]);
  });

  it("gives a route and method to one app at a time: 409 naming the other app", async () => {
    expect((await put("first", appBody("first", { echo }, [{ route: "shared/route" }]))).status).toBe(201);
    const r = await put("second", appBody("second", { echo }, [{ route: "shared/route" }]));
    expect(r.status).toBe(409);
    expect(await json(r)).toEqual({
      error: {
        code: "CONFLICT",
        message: "POST /ingress/shared/route belongs to app 'first'",
        details: { appId: "first", route: "shared/route", httpMethod: "POST" },
      },
    });
    // Another method on the same route is another ingress.
    expect(
      (await put("second", appBody("second", { echo }, [{ route: "shared/route", httpMethod: "put" }]))).status,
    ).toBe(201);
  });

  it("lets the installer give an ingress only what it holds itself (403), and needs apps:write", async () => {
    const r = await put(
      "greedy",
      appBody("greedy", { echo }, [{ route: "greedy", acl: ["actors/order:create"] }]),
      "narrow",
    );
    expect(r.status).toBe(403);
    expect((await json(r)).error).toEqual({
      code: "FORBIDDEN",
      message: "Ingress 'greedy' may not carry 'actors/order:create': you do not hold it",
      details: { ingressId: "greedy", ace: "actors/order:create" },
    });
    expect(
      (await put("greedy", appBody("greedy", { echo }, [{ route: "greedy", acl: ["actors/order:read"] }]), "narrow"))
        .status,
    ).toBe(201);
    expect((await put("r1", appBody("r1", { echo }), "reader")).status).toBe(403);
    expect((await put("r1", appBody("r1", { echo }))).status).toBe(201);
  });
});

describe("GET, list and DELETE /resources/apps", () => {
  it("lists apps by id in the contract's envelope, without sources", async () => {
    await put("list-a", appBody("list-a", { echo }));
    await put("list-b", appBody("list-b", { echo }));
    const all = await json(await t.request("GET", "/resources/apps?limit=100", { token: "reader" }));
    const ids = all.apps.map((a: { appId: string }) => a.appId);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining(["list-a", "list-b"]));
    expect(all.totalCount).toBe(ids.length);
    expect(all.apps[0].components[0].source).toBeUndefined();
    const first = await json(await t.request("GET", "/resources/apps?limit=1", { token: "reader" }));
    const second = await json(
      await t.request("GET", `/resources/apps?limit=1&after=${first.lastCursor}`, { token: "reader" }),
    );
    expect([first.apps[0].appId, second.apps[0].appId]).toEqual(ids.slice(0, 2));
  });

  it("needs apps:read and apps:delete, and removes an app (204) with its ingresses at once", async () => {
    expect((await t.request("GET", "/resources/apps", { token: "nobody" })).status).toBe(403);
    expect((await t.request("GET", "/resources/apps/list-a", { token: "nobody" })).status).toBe(403);
    expect((await t.request("DELETE", "/resources/apps/list-a", { token: "reader" })).status).toBe(403);
    await put("gone", appBody("gone", { echo }, [{ route: "gone/echo" }]));
    expect((await t.request("POST", "/ingress/gone/echo", { body: {} })).status).toBe(200);
    expect((await t.request("DELETE", "/resources/apps/gone", { token: "admin" })).status).toBe(204);
    expect((await t.request("POST", "/ingress/gone/echo", { body: {} })).status).toBe(404);
    expect((await t.request("GET", "/resources/apps/gone", { token: "admin" })).status).toBe(404);
    expect((await t.request("DELETE", "/resources/apps/gone", { token: "admin" })).status).toBe(404);
    // Its route is free again.
    expect((await put("gone2", appBody("gone2", { echo }, [{ route: "gone/echo" }]))).status).toBe(201);
  });

  it("keeps an app's journal: installed, upgraded, removed and installed again, with who did it", async () => {
    await put("journal", appBody("journal", { echo }));
    await put("journal", appBody("journal", { echo }, [{ route: "journal/x" }]));
    await t.request("DELETE", "/resources/apps/journal", { token: "admin" });
    await put("journal", appBody("journal", { echo }));
    const j = await json(
      await t.request("GET", "/resources/apps/journal/journal", {
        token: "reader",
        headers: { "X-Request-Id": "req-j" },
      }),
    );
    expect(j.events.map((e: { type: string }) => e.type)).toEqual([
      "AppInstalled",
      "AppUpgraded",
      "AppRemoved",
      "AppInstalled",
    ]);
    expect(j.events[0].metadata).toMatchObject({ principalId: "p-admin", sessionId: "session-admin" });
    expect((await t.request("GET", "/resources/apps/journal/journal", { token: "nobody" })).status).toBe(403);
  });
});
