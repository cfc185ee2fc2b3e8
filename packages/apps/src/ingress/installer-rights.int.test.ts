import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, json } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { actorsContext } from "@platform/actor-api";
import { createClientWithToken, createPrincipalWithToken, defineTestRole, iamTestContext } from "@platform/iam/testing";
import { orderBody } from "@platform/orders/testing";
import { ordersContext } from "@platform/orders";
import { sendingsContext } from "@platform/sendings";
import { appsContext } from "../index.ts";
import { appBody, reportingCreateOrder as createOrder } from "../testing/index.ts";

let t: TestPlatform;
let owner: string;
beforeAll(async () => {
  t = await createTestPlatform([iamTestContext(), actorsContext, ordersContext, sendingsContext, appsContext]);
  owner = (await createPrincipalWithToken(t, { roles: ["system:owner"] })).token;
});
afterAll(() => t?.close());

const installAs = async (token: string, appId: string, acl: readonly string[], isPublic = true) => {
  const r = await t.request("PUT", `/resources/apps/${appId}`, {
    token,
    body: appBody(appId, { createOrder }, [{ route: `${appId}/orders`, id: "orders", acl, isPublic }]),
  });
  expect(r.status, await r.clone().text()).toBe(201);
};
let n = 0;
const order = (channelKey?: string) => ({ order: orderBody(`HANDED-${++n}`, channelKey ? { channelKey } : {}) });
const callIngress = async (appId: string, body: unknown = order(), token?: string) => {
  const r = await t.request("POST", `/ingress/${appId}/orders`, { body, ...(token ? { token } : {}) });
  return { status: r.status, body: await json(r) };
};
const etagOf = async (path: string) => (await t.request("GET", path, { token: owner })).headers.get("ETag")!;
const inactive = {
  status: 403,
  body: { error: { code: "FORBIDDEN", message: "The app's installer is no longer active" } },
};

describe("rights handed on survive their maker no more: an ingress acts within its installer's current rights", () => {
  it("a deleted installer's public ingress answers 403 and creates nothing", async () => {
    const client = await createClientWithToken(t, { scopes: ["apps:write", "apps:read", "actors/order:create"] });
    await installAs(client.token, "by-deleted", ["actors/order:create"]);
    expect(await callIngress("by-deleted")).toEqual({ status: 200, body: { created: true } });

    const path = `/resources/iam/clients/${client.clientId}`;
    expect(
      (await t.request("DELETE", path, { token: owner, headers: { "If-Match": await etagOf(path) } })).status,
    ).toBe(204);
    const body = order();
    expect(await callIngress("by-deleted", body)).toEqual(inactive);
    expect((await t.request("GET", `/resources/actors/order/${body.order.orderNumber}`, { token: owner })).status).toBe(
      404,
    );
  });

  it("a suspended installer's ingress answers 403 until it is reactivated", async () => {
    const client = await createClientWithToken(t, { scopes: ["apps:write", "apps:read", "actors/order:create"] });
    await installAs(client.token, "by-suspended", ["actors/order:create"]);
    const path = `/resources/iam/clients/${client.clientId}`;
    expect(
      (await t.request("POST", `${path}/suspend`, { token: owner, headers: { "If-Match": await etagOf(path) } }))
        .status,
    ).toBe(200);
    expect(await callIngress("by-suspended")).toEqual(inactive);
    expect(
      (await t.request("POST", `${path}/reactivate`, { token: owner, headers: { "If-Match": await etagOf(path) } }))
        .status,
    ).toBe(200);
    expect(await callIngress("by-suspended")).toEqual({ status: 200, body: { created: true } });
  });

  it("a narrowed role narrows the ingress: the acl is intersected with what the installer holds now", async () => {
    await defineTestRole(t, "apps:installers", ["apps:*", "actors/order:create"]);
    const installer = await createPrincipalWithToken(t, { roles: ["apps:installers"] });
    await installAs(installer.token, "by-narrowed", ["actors/order:create"]);
    expect(await callIngress("by-narrowed")).toEqual({ status: 200, body: { created: true } });

    const role = "/resources/iam/roles/apps:installers";
    const narrowed = await t.request("PUT", role, {
      token: owner,
      headers: { "If-Match": await etagOf(role) },
      body: { description: "", acl: { entries: [{ resource: "apps", permission: "*" }] } },
    });
    expect(narrowed.status, await narrowed.clone().text()).toBe(200);
    expect(await callIngress("by-narrowed")).toEqual({
      status: 200,
      body: { refused: "FORBIDDEN", message: "Requires actors/order:create" },
    });
  });

  it("the installer's current access attributes narrow the run", async () => {
    const installer = await createPrincipalWithToken(t, { acl: ["apps:*", "actors/order:create"] });
    await installAs(installer.token, "by-restricted", ["actors/order:create"]);
    expect(await callIngress("by-restricted", order("store"))).toEqual({ status: 200, body: { created: true } });

    const path = `/resources/iam/principals/${installer.principalId}`;
    const { name, email, roles, acl } = await json(await t.request("GET", path, { token: owner }));
    const restricted = await t.request("PUT", path, {
      token: owner,
      headers: { "If-Match": await etagOf(path) },
      body: { properties: { name, email }, roles, acl, accessAttributes: { channelKey: ["web"] } },
    });
    expect(restricted.status, await restricted.clone().text()).toBe(200);
    expect(await callIngress("by-restricted", order("store"))).toEqual({
      status: 200,
      body: { refused: "FORBIDDEN", message: "Outside your access attributes" },
    });
    expect(await callIngress("by-restricted", order("web"))).toEqual({ status: 200, body: { created: true } });
  });

  it("a private ingress of a suspended installer refuses even a caller who may invoke it", async () => {
    const client = await createClientWithToken(t, { scopes: ["apps:write", "apps:read", "actors/order:create"] });
    await installAs(client.token, "private-suspended", ["actors/order:create"], false);
    const caller = await createPrincipalWithToken(t, { acl: ["ingress/private-suspended:invoke"] });
    expect(await callIngress("private-suspended", order(), caller.token)).toEqual({
      status: 200,
      body: { created: true },
    });
    const path = `/resources/iam/clients/${client.clientId}`;
    expect(
      (await t.request("POST", `${path}/suspend`, { token: owner, headers: { "If-Match": await etagOf(path) } }))
        .status,
    ).toBe(200);
    expect(await callIngress("private-suspended", order(), caller.token)).toEqual(inactive);
  });

  it(
    "an installer's token scope bounds what it hands on: an owner's token scoped to apps cannot " +
      "give an ingress order creation",
    async () => {
      const scoped = await createPrincipalWithToken(t, { roles: ["system:owner"], scope: ["apps:*"] });
      const ingresses = [{ route: "by-scoped/orders", id: "orders", acl: ["actors/order:create"], isPublic: true }];
      const r = await t.request("PUT", "/resources/apps/by-scoped", {
        token: scoped.token,
        body: appBody("by-scoped", { createOrder }, ingresses),
      });
      expect(r.status).toBe(403);
      expect(await json(r)).toMatchObject({
        error: { code: "FORBIDDEN", details: { ingressId: "orders", ace: "actors/order:create" } },
      });
      expect((await t.request("GET", "/resources/apps/by-scoped", { token: owner })).status).toBe(404);
    },
  );
});
