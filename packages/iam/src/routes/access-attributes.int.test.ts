import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import type { TestPlatform } from "@platform/gateway/testing";
import { createPrincipalWithToken } from "../testing/index.ts";
import { bootIam, call, expectError } from "./test-helpers.ts";
import type { Json } from "./test-helpers.ts";

let t: TestPlatform;
let restricted: { token: string; principalId: string };
const ids: Record<string, string> = {};
beforeAll(async () => {
  ({ t } = await bootIam());
  restricted = await createPrincipalWithToken(t, { acl: ["iam/principals:*"], accessAttributes: { channelKey: ["web", "app"] }, email: "r@abac.test" });
  ids.web = (await createPrincipalWithToken(t, { accessAttributes: { channelKey: ["web"] }, email: "web@abac.test" })).principalId;
  ids.shop = (await createPrincipalWithToken(t, { accessAttributes: { channelKey: ["shop"] }, email: "shop@abac.test" })).principalId;
  ids.none = (await createPrincipalWithToken(t, { email: "none@abac.test" })).principalId;
});
afterAll(() => t.close());

describe("access attributes (ABAC) on principals", () => {
  it("filters lists to principals sharing a channelKey", async () => {
    const r = await call(t, "GET", "/resources/iam/principals?search=abac.test", { token: restricted.token });
    expect((r.body.principals as Json[]).map((p) => p.email)).toEqual(["r@abac.test", "web@abac.test"]);
    expect(r.body.totalCount).toBe(2);
  });

  it("answers 403 for direct access outside the attributes", async () => {
    expect((await call(t, "GET", `/resources/iam/principals/${ids.web}`, { token: restricted.token })).status).toBe(200);
    for (const id of [ids.shop!, ids.none!]) {
      expectError(await call(t, "GET", `/resources/iam/principals/${id}`, { token: restricted.token }), 403, "FORBIDDEN");
      expectError(await call(t, "PATCH", `/resources/iam/principals/${id}`, { token: restricted.token, body: { name: "x" }, headers: { "If-Match": '"v1"' } }), 403);
      expectError(await call(t, "DELETE", `/resources/iam/principals/${id}`, { token: restricted.token }), 403);
      expectError(await call(t, "POST", `/resources/iam/principals/${id}/password/reset`, { token: restricted.token }), 403);
      expectError(await call(t, "GET", `/resources/iam/principals/${id}/sessions`, { token: restricted.token }), 403);
    }
  });

  it("lets a restricted caller create only principals within its own values", async () => {
    const put = (attrs: Json | undefined) =>
      call(t, "PUT", `/resources/iam/principals/${newId()}`, { token: restricted.token, body: { properties: { name: "N", email: `${newId()}@abac.test` }, ...(attrs ? { accessAttributes: attrs } : {}) } });
    expectError(await put(undefined), 403);
    expectError(await put({ channelKey: ["shop"] }), 403);
    expectError(await put({ channelKey: ["web", "shop"] }), 403);
    expect((await put({ channelKey: ["app"] })).status).toBe(201);
  });
});
