import { describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import { createPrincipalWithToken } from "../testing/index.ts";
import { call } from "@platform/http/testing";
import { t, useIamPlatform } from "./test-support/iam-platform.ts";
import { PASSWORD, PRINCIPALS_PATH, etag, expectAuthorization, role } from "./test-support/authorization-fixture.ts";
import type { Route } from "./test-support/authorization-fixture.ts";

useIamPlatform();

/** The role, admin client and me routes of IAM, the ACE each needs, and how to make a fresh target for success. */
const routes: Route[] = [
  {
    method: "GET",
    route: "roles list",
    ace: "iam/roles:read",
    ok: 200,
    prepare: async () => ({ path: "/resources/iam/roles" }),
  },
  {
    method: "GET",
    route: "role",
    ace: "iam/roles:read",
    ok: 200,
    prepare: async () => ({ path: `/resources/iam/roles/${await role()}` }),
  },
  {
    method: "PUT",
    route: "role (create)",
    ace: "iam/roles:write",
    ok: 201,
    prepare: async () => ({ path: `/resources/iam/roles/walk:${newId()}`, body: { acl: { entries: [] } } }),
  },
  {
    method: "PUT",
    route: "role (replace)",
    ace: "iam/roles:write",
    ok: 200,
    prepare: async () => {
      const path = `/resources/iam/roles/${await role()}`;
      return { path, body: { description: "r", acl: [] }, headers: await etag(path) };
    },
  },
  {
    method: "DELETE",
    route: "role",
    ace: "iam/roles:delete",
    ok: 204,
    prepare: async () => ({ path: `/resources/iam/roles/${await role()}` }),
  },
  {
    method: "POST",
    route: "admin client creation",
    ace: "iam/clients:write",
    ok: 201,
    prepare: async () => ({
      path: "/iam/clients",
      body: {
        name: "A",
        redirect_uris: ["https://a.example/cb"],
        grant_types: ["authorization_code"],
        scope: "openid",
      },
    }),
  },
  { method: "GET", route: "me", ace: null, ok: 200, prepare: async () => ({ path: "/resources/me" }) },
  // Every caller below has the password PASSWORD; changing the own one needs no permission.
  {
    method: "POST",
    route: "me password",
    ace: null,
    ok: 204,
    prepare: async () => ({
      path: "/resources/me/password",
      body: { currentPassword: PASSWORD, newPassword: "Fresh-Walrus-77" },
    }),
  },
];

describe("authorization of every IAM route", () => {
  it.each(routes.map((r) => [`${r.method} ${r.route}`, r] as const))(
    "%s: 401 without/revoked token, 403 without the permission, 2xx with it and for an owner",
    async (_name, r) => expectAuthorization(r),
  );

  it("a narrower token scope narrows even an owner", async () => {
    const scoped = await createPrincipalWithToken(t, { roles: ["system:owner"], scope: ["iam/roles:read"] });
    expect((await call(t, "GET", "/resources/iam/roles", { token: scoped.token })).status).toBe(200);
    expect((await call(t, "GET", PRINCIPALS_PATH, { token: scoped.token })).status).toBe(403);
  });

  it("password change: 401 without token, 403 when the token scope leaves out me", async () => {
    expect(
      (await call(t, "POST", "/resources/me/password", { body: { currentPassword: "x", newPassword: "y" } })).status,
    ).toBe(401);
    const p = await createPrincipalWithToken(t, { password: "Vivid-Otter-42", scope: ["sendings:read"] });
    expect(
      (
        await call(t, "POST", "/resources/me/password", {
          token: p.token,
          body: { currentPassword: "Vivid-Otter-42", newPassword: "Fresh-Walrus-77" },
        })
      ).status,
    ).toBe(403);
    const q = await createPrincipalWithToken(t, { password: "Vivid-Otter-42" });
    expect(
      (
        await call(t, "POST", "/resources/me/password", {
          token: q.token,
          body: { currentPassword: "Vivid-Otter-42", newPassword: "Fresh-Walrus-77" },
        })
      ).status,
    ).toBe(204);
  });
});
