import { describe, expect, it } from "vitest";
import { createPrincipalWithToken, defineTestRole } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { owner, t, useIamPlatform } from "./test-support/iam-platform.ts";
import { etagOf } from "./test-support/principal-fixture.ts";

useIamPlatform();

describe("roles and ACL", () => {
  it("replaces roles (If-Match) and refuses unknown roles", async () => {
    await defineTestRole(t, "crm:agent", ["actors/order:read"]);
    const p = await createPrincipalWithToken(t, {});
    expectError(
      await call(t, "PUT", `/resources/iam/principals/${p.principalId}/roles`, {
        token: owner.token,
        body: { roles: ["crm:agent"] },
      }),
      428,
    );
    const r = await call(t, "PUT", `/resources/iam/principals/${p.principalId}/roles`, {
      token: owner.token,
      body: { roles: ["crm:agent", "crm:agent"] },
      headers: { "If-Match": await etagOf(p.principalId) },
    });
    expect(r.status).toBe(200);
    expect(r.body.roles).toEqual(["crm:agent"]);
    expectError(
      await call(t, "PUT", `/resources/iam/principals/${p.principalId}/roles`, {
        token: owner.token,
        body: { roles: ["crm:ghost"] },
        headers: { "If-Match": r.body.etag },
      }),
      400,
      "VALIDATION_FAILED",
    );
    const me = await call(t, "GET", "/resources/me", { token: p.token });
    expect(me.body.scope).toEqual(["actors/order:read"]);
  });

  it("replaces the ACL from either shape", async () => {
    const p = await createPrincipalWithToken(t, {});
    const a = await call(t, "PUT", `/resources/iam/principals/${p.principalId}/acl`, {
      token: owner.token,
      body: { acl: ["sendings:read", "jobs/nightly:schedule"] },
      headers: { "If-Match": await etagOf(p.principalId) },
    });
    expect(a.status).toBe(200);
    expect(a.body.acl).toEqual({
      entries: [
        { resource: "sendings", permission: "read" },
        { resource: "jobs/nightly", permission: "schedule" },
      ],
    });
    const b = await call(t, "PUT", `/resources/iam/principals/${p.principalId}/acl`, {
      token: owner.token,
      body: { acl: { entries: [{ resource: "graph", permission: "*" }] } },
      headers: { "If-Match": a.body.etag },
    });
    expect(b.body.acl).toEqual({ entries: [{ resource: "graph", permission: "*" }] });
    expectError(
      await call(t, "PUT", `/resources/iam/principals/${p.principalId}/acl`, {
        token: owner.token,
        body: { acl: { entries: [{ resource: "a b", permission: "x" }] } },
        headers: { "If-Match": b.body.etag },
      }),
      400,
    );
    expectError(
      await call(t, "PUT", `/resources/iam/principals/${p.principalId}/acl`, {
        token: owner.token,
        body: { acl: ["graph:*"], x: 1 },
        headers: { "If-Match": b.body.etag },
      }),
      400,
    );
  });

  it("does not let a limited administrator grant more than it holds", async () => {
    const admin = await createPrincipalWithToken(t, { acl: ["iam/principals:*", "sendings:read"] });
    const p = await createPrincipalWithToken(t, {});
    const etag = await etagOf(p.principalId);
    expectError(
      await call(t, "PUT", `/resources/iam/principals/${p.principalId}/roles`, {
        token: admin.token,
        body: { roles: ["system:owner"] },
        headers: { "If-Match": etag },
      }),
      403,
      "FORBIDDEN",
    );
    expectError(
      await call(t, "PUT", `/resources/iam/principals/${p.principalId}/acl`, {
        token: admin.token,
        body: { acl: ["sendings:write"] },
        headers: { "If-Match": etag },
      }),
      403,
      "FORBIDDEN",
    );
    expect(
      (
        await call(t, "PUT", `/resources/iam/principals/${p.principalId}/acl`, {
          token: admin.token,
          body: { acl: ["sendings:read"] },
          headers: { "If-Match": etag },
        })
      ).status,
    ).toBe(200);
  });

  it("does not let a limited administrator take over a stronger principal", async () => {
    const admin = await createPrincipalWithToken(t, { acl: ["iam/principals:*"] });
    const strong = await createPrincipalWithToken(t, { roles: ["system:owner"] });
    const etag = await etagOf(strong.principalId);
    const attempts = [
      call(t, "POST", `/resources/iam/principals/${strong.principalId}/password/reset`, { token: admin.token }),
      call(t, "PATCH", `/resources/iam/principals/${strong.principalId}`, {
        token: admin.token,
        body: { email: "mine@example.test" },
        headers: { "If-Match": etag },
      }),
      call(t, "POST", `/resources/iam/principals/${strong.principalId}/suspend`, {
        token: admin.token,
        headers: { "If-Match": etag },
      }),
      call(t, "PUT", `/resources/iam/principals/${strong.principalId}`, {
        token: admin.token,
        body: { properties: { name: "x", email: "x@example.test" } },
        headers: { "If-Match": etag },
      }),
      call(t, "DELETE", `/resources/iam/principals/${strong.principalId}`, { token: admin.token }),
    ];
    for (const r of await Promise.all(attempts)) expectError(r, 403, "FORBIDDEN");
    expect(await etagOf(strong.principalId)).toBe(etag);
  });
});
