import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/gateway/testing";
import { createPrincipalWithToken } from "../testing/index.ts";
import { bootIam, call, expectError } from "./test-helpers.ts";
import type { Json } from "./test-helpers.ts";

let t: TestPlatform;
let owner: { token: string; principalId: string };
beforeAll(async () => {
  ({ t, owner } = await bootIam());
});
afterAll(() => t.close());

const put = (key: string, body: unknown, headers: Record<string, string> = {}, token = owner.token) => call(t, "PUT", `/resources/iam/roles/${key}`, { token, body, headers });

describe("roles", () => {
  it("reads the built-in roles and refuses writes in system:", async () => {
    const o = await call(t, "GET", "/resources/iam/roles/system:owner", { token: owner.token });
    expect(o.status).toBe(200);
    expect(o.body).toMatchObject({ key: "system:owner", isSystem: true, acl: { entries: [{ resource: "*", permission: "*" }] } });
    expect((await call(t, "GET", "/resources/iam/roles/system:portal:full", { token: owner.token })).body.isSystem).toBe(true);
    expectError(await put("system:custom", { acl: { entries: [] } }), 403, "FORBIDDEN");
    expectError(await put("system:owner", { acl: { entries: [] } }, { "If-Match": o.body.etag }), 403, "FORBIDDEN");
    expectError(await call(t, "DELETE", "/resources/iam/roles/system:portal:full", { token: owner.token }), 403, "FORBIDDEN");
  });

  it("creates (201), updates with If-Match (200), lists and deletes (204) custom roles", async () => {
    const r = await put("sales:manager", { description: "Sales managers", acl: { entries: [{ resource: "actors/order", permission: "*" }] } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ key: "sales:manager", description: "Sales managers", isSystem: false, acl: { entries: [{ resource: "actors/order", permission: "*" }] } });
    expect(r.headers.get("etag")).toBe(`"${r.body.etag}"`);
    expectError(await put("sales:manager", { description: "x", acl: { entries: [] } }), 428);
    expectError(await put("sales:manager", { description: "x", acl: { entries: [] } }, { "If-Match": '"v9"' }), 409);
    const u = await put("sales:manager", { description: "Managers", acl: ["actors/order:read"] }, { "If-Match": r.body.etag });
    expect(u.status).toBe(200);
    expect(u.body.acl).toEqual({ entries: [{ resource: "actors/order", permission: "read" }] });
    const list = await call(t, "GET", "/resources/iam/roles", { token: owner.token });
    expect((list.body.roles as Json[]).map((x) => x.key)).toEqual(["sales:manager", "system:owner", "system:portal:full"]);
    expect(list.body.totalCount).toBe(3);
    expect((await call(t, "GET", "/resources/iam/roles?prefix=sales:", { token: owner.token })).body.roles).toHaveLength(1);
    expect((await call(t, "DELETE", "/resources/iam/roles/sales:manager", { token: owner.token })).status).toBe(204);
    expectError(await call(t, "GET", "/resources/iam/roles/sales:manager", { token: owner.token }), 404);
    expectError(await call(t, "DELETE", "/resources/iam/roles/sales:manager", { token: owner.token }), 404);
  });

  it("refuses bad keys and bodies", async () => {
    for (const key of ["nocolon", "bad%20key:x", `a:${"x".repeat(120)}`]) expectError(await put(key, { acl: { entries: [] } }), 400, "VALIDATION_FAILED");
    for (const body of [{}, { acl: "x" }, { acl: { entries: [{ resource: "x" }] } }, { acl: { entries: [] }, extra: 1 }, { description: 5, acl: [] }, { acl: ["no ace"] }])
      expectError(await put("crm:x", body), 400, "VALIDATION_FAILED");
  });

  it("does not let a role writer define permissions it does not hold", async () => {
    const writer = await createPrincipalWithToken(t, { acl: ["iam/roles:write", "sendings:read"] });
    expectError(await put("ops:all", { acl: ["*"] }, {}, writer.token), 403, "FORBIDDEN");
    expect((await put("ops:read", { acl: ["sendings:read"] }, {}, writer.token)).status).toBe(201);
  });
});
