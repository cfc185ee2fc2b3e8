import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { bootIam } from "../testing/boot.ts";
import type { Json } from "@platform/http/testing";

let t: TestPlatform;
let owner: { token: string; principalId: string };
beforeAll(async () => {
  ({ t, owner } = await bootIam());
});
afterAll(() => t.close());

const put = (key: string, body: unknown, headers: Record<string, string> = {}, token = owner.token) =>
  call(t, "PUT", `/resources/iam/roles/${key}`, { token, body, headers });

describe("roles", () => {
  it("reads the built-in roles and refuses writes in system:", async () => {
    const o = await call(t, "GET", "/resources/iam/roles/system:owner", { token: owner.token });
    expect(o.status).toBe(200);
    expect(o.body).toMatchObject({
      key: "system:owner",
      isSystem: true,
      acl: { entries: [{ resource: "*", permission: "*" }] },
    });
    expect(
      (await call(t, "GET", "/resources/iam/roles/system:portal:full", { token: owner.token })).body.isSystem,
    ).toBe(true);
    expectError(await put("system:custom", { acl: { entries: [] } }), 403, "FORBIDDEN");
    // Keys compare without case: an upper-case look-alike of a built-in is reserved too.
    expectError(await put("SYSTEM:owner", { acl: { entries: [] } }), 403, "FORBIDDEN");
    expectError(await put("System:custom", { acl: { entries: [] } }), 403, "FORBIDDEN");
    expectError(await put("system:owner", { acl: { entries: [] } }, { "If-Match": o.body.etag }), 403, "FORBIDDEN");
    expectError(
      await call(t, "DELETE", "/resources/iam/roles/system:portal:full", { token: owner.token }),
      403,
      "FORBIDDEN",
    );
  });

  it("creates (201), updates with If-Match (200), lists and deletes (204) custom roles", async () => {
    const r = await put("sales:manager", {
      description: "Sales managers",
      acl: { entries: [{ resource: "actors/order", permission: "*" }] },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      key: "sales:manager",
      description: "Sales managers",
      isSystem: false,
      acl: { entries: [{ resource: "actors/order", permission: "*" }] },
    });
    expect(r.headers.get("etag")).toBe(`"${r.body.etag}"`);
    expectError(await put("sales:manager", { description: "x", acl: { entries: [] } }), 428);
    expectError(await put("sales:manager", { description: "x", acl: { entries: [] } }, { "If-Match": '"v9"' }), 409);
    const u = await put(
      "sales:manager",
      { description: "Managers", acl: ["actors/order:read"] },
      { "If-Match": r.body.etag },
    );
    expect(u.status).toBe(200);
    expect(u.body.acl).toEqual({ entries: [{ resource: "actors/order", permission: "read" }] });
    const list = await call(t, "GET", "/resources/iam/roles", { token: owner.token });
    expect((list.body.roles as Json[]).map((x) => x.key)).toEqual([
      "sales:manager",
      "system:owner",
      "system:portal:full",
    ]);
    expect(list.body.totalCount).toBe(3);
    expect(
      (await call(t, "GET", "/resources/iam/roles?prefix=sales:", { token: owner.token })).body.roles,
    ).toHaveLength(1);
    expect((await call(t, "DELETE", "/resources/iam/roles/sales:manager", { token: owner.token })).status).toBe(204);
    expectError(await call(t, "GET", "/resources/iam/roles/sales:manager", { token: owner.token }), 404);
    expectError(await call(t, "DELETE", "/resources/iam/roles/sales:manager", { token: owner.token }), 404);
  });

  it("lists in the contract's list shape under 'roles', with paging, search and limits", async () => {
    for (const key of ["list:a", "list:b", "list:c"])
      expect((await put(key, { description: `Role ${key}`, acl: [] })).status).toBe(201);
    const all = await call(t, "GET", "/resources/iam/roles?prefix=list:", { token: owner.token });
    expect(Object.keys(all.body).sort()).toEqual(["firstCursor", "lastCursor", "roles", "totalCount"]);
    expect(all.body.roles[0]).toEqual({
      key: "list:a",
      description: "Role list:a",
      acl: { entries: [] },
      isSystem: false,
      createdAt: expect.any(String),
      etag: "v1",
    });
    const p1 = await call(t, "GET", "/resources/iam/roles?prefix=list:&limit=2", { token: owner.token });
    expect({ keys: (p1.body.roles as Json[]).map((r) => r.key), total: p1.body.totalCount }).toEqual({
      keys: ["list:a", "list:b"],
      total: 3,
    });
    const p2 = await call(t, "GET", `/resources/iam/roles?prefix=list:&limit=2&after=${p1.body.lastCursor}`, {
      token: owner.token,
    });
    expect((p2.body.roles as Json[]).map((r) => r.key)).toEqual(["list:c"]);
    const back = await call(t, "GET", `/resources/iam/roles?prefix=list:&limit=2&before=${p2.body.firstCursor}`, {
      token: owner.token,
    });
    expect((back.body.roles as Json[]).map((r) => r.key)).toEqual(["list:a", "list:b"]);
    expect(
      (await call(t, "GET", "/resources/iam/roles?search=ROLE%20LIST:B", { token: owner.token })).body.roles.map(
        (r: Json) => r.key,
      ),
    ).toEqual(["list:b"]);
    for (const q of [
      "?limit=101",
      "?limit=0",
      "?after=garbage",
      `?prefix=${"x".repeat(101)}`,
      `?search=${"x".repeat(201)}`,
    ])
      expectError(await call(t, "GET", `/resources/iam/roles${q}`, { token: owner.token }), 400, "VALIDATION_FAILED");
  });

  it("refuses bad keys and bodies", async () => {
    for (const key of ["nocolon", "bad%20key:x", `a:${"x".repeat(120)}`])
      expectError(await put(key, { acl: { entries: [] } }), 400, "VALIDATION_FAILED");
    for (const body of [
      {},
      { acl: "x" },
      { acl: { entries: [{ resource: "x" }] } },
      { acl: { entries: [] }, extra: 1 },
      { description: 5, acl: [] },
      { acl: ["no ace"] },
    ])
      expectError(await put("crm:x", body), 400, "VALIDATION_FAILED");
  });

  it("does not let a role writer define permissions it does not hold", async () => {
    const writer = await createPrincipalWithToken(t, { acl: ["iam/roles:write", "sendings:read"] });
    expectError(await put("ops:all", { acl: ["*"] }, {}, writer.token), 403, "FORBIDDEN");
    expect((await put("ops:read", { acl: ["sendings:read"] }, {}, writer.token)).status).toBe(201);
  });
});
