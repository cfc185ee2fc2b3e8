import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { actorsContext } from "@platform/actor-api";
import { ordersContext } from "@platform/orders";
import { appsContext } from "../index.ts";
import { appBody, componentSource, install } from "../testing/index.ts";

/** Who calls the private ingresses of app `acc`, by token (as the scopes of PATs). */
const callers = {
  admin: { scope: ["*"], id: "p-admin", isOwner: true },
  meOnly: { scope: ["me:read"], id: "p-me" },
  exact: { scope: ["ingress/acc/priv:invoke"], id: "p-exact" },
  app: { scope: ["ingress/acc:invoke"], id: "p-app" },
  every: { scope: ["ingress:invoke"], id: "p-every" },
  otherIngress: { scope: ["ingress/acc/other:invoke", "ingress/accx:invoke"], id: "p-other" },
  first: { scope: ["ingress:invoke"], id: "p-first" },
  second: { scope: ["ingress:invoke"], id: "p-second" },
};

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform([staticAuthContext(callers), actorsContext, ordersContext, appsContext], {
    INGRESS_RATE_PER_MINUTE: "2",
    TRUST_PROXY: "1",
  });
  await install(
    t,
    appBody("acc", { echo: componentSource("return 'ran';") }, [
      { route: "acc/priv", id: "priv", isPublic: false },
      { route: "acc/other", id: "other", isPublic: false },
      { route: "acc/limited", id: "limited", isPublic: false },
      { route: "acc/public", id: "public" },
    ]),
  );
});
afterAll(() => t?.close());

const call = (route: string, token?: string, headers: Record<string, string> = {}) =>
  t.request("POST", `/ingress/acc/${route}`, { body: {}, headers, ...(token ? { token } : {}) });
const answer = async (r: Response) => ({ status: r.status, body: (await r.json()) as unknown });

describe("private ingresses need a permission", () => {
  it(
    "private ingresses ignore the token's scope no more: a PAT scoped me:read gets 403 naming " +
      "ingress/<appId>/<ingressId>:invoke",
    async () => {
      expect(await answer(await call("priv", "meOnly"))).toEqual({
        status: 403,
        body: { error: { code: "FORBIDDEN", message: "Requires ingress/acc/priv:invoke" } },
      });
      expect(await answer(await call("priv", "otherIngress"))).toEqual({
        status: 403,
        body: { error: { code: "FORBIDDEN", message: "Requires ingress/acc/priv:invoke" } },
      });
    },
  );

  it("the ingress's own ACE, its app's and ingress:invoke each let the call through", async () => {
    for (const token of ["exact", "app", "every", "admin"])
      expect(await answer(await call("priv", token))).toEqual({ status: 200, body: "ran" });
    expect(await answer(await call("other", "otherIngress"))).toEqual({ status: 200, body: "ran" });
    expect((await call("other", "exact")).status).toBe(403);
  });
});

describe("the ingress rate limit counts after authentication", () => {
  it(
    "unauthenticated requests do not use up a private ingress's quota, and one caller's use " +
      "does not block another",
    async () => {
      for (let i = 0; i < 5; i++) expect((await call("limited")).status).toBe(401);
      expect((await call("limited", "meOnly")).status).toBe(403);
      expect([(await call("limited", "first")).status, (await call("limited", "first")).status]).toEqual([200, 200]);
      const third = await call("limited", "first");
      expect(third.status).toBe(429);
      expect(Number(third.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect([(await call("limited", "second")).status, (await call("limited", "second")).status]).toEqual([200, 200]);
    },
  );

  it("a public ingress counts per client address", async () => {
    const from = (address: string) => ({ "X-Forwarded-For": address });
    expect([
      (await call("public", undefined, from("203.0.113.7"))).status,
      (await call("public", undefined, from("203.0.113.7"))).status,
    ]).toEqual([200, 200]);
    expect((await call("public", undefined, from("203.0.113.7"))).status).toBe(429);
    expect((await call("public", undefined, from("203.0.113.8"))).status).toBe(200);
  });
});
