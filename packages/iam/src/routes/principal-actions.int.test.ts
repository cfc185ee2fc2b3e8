import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { iamSessionsKey } from "../service.ts";
import type { IamService } from "../service.ts";
import { createPrincipalWithToken, defineTestRole } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { bootIam } from "../testing/boot.ts";

let t: TestPlatform;
let owner: { token: string; principalId: string };
let iam: IamService;
beforeAll(async () => {
  ({ t, owner } = await bootIam());
  iam = t.platform.services.get(iamSessionsKey);
});
afterAll(() => t.close());

const get = (id: string, token = owner.token) => call(t, "GET", `/resources/iam/principals/${id}`, { token });
const etagOf = async (id: string) => (await get(id)).body.etag as string;

describe("suspend and reactivate", () => {
  it("suspends with If-Match, revokes every session at once, and reactivates", async () => {
    const p = await createPrincipalWithToken(t, { acl: ["sendings:read"], password: "Vivid-Otter-42" });
    const second = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: null,
      type: "interactive",
      withRefresh: true,
    });
    expect((await call(t, "GET", "/resources/me", { token: p.token })).status).toBe(200);
    expectError(
      await call(t, "POST", `/resources/iam/principals/${p.principalId}/suspend`, { token: owner.token }),
      428,
      "PRECONDITION_REQUIRED",
    );
    const s = await call(t, "POST", `/resources/iam/principals/${p.principalId}/suspend`, {
      token: owner.token,
      headers: { "If-Match": await etagOf(p.principalId) },
    });
    expect(s.status).toBe(200);
    expect(s.body.suspendedAt).toEqual(expect.any(String));
    expect(s.headers.get("etag")).toBe(`"${s.body.etag}"`);
    expectError(await call(t, "GET", "/resources/me", { token: p.token }), 401, "UNAUTHENTICATED");
    expectError(await call(t, "GET", "/resources/me", { token: second.accessToken }), 401, "UNAUTHENTICATED");
    const sessions = await call(t, "GET", `/resources/iam/principals/${p.principalId}/sessions`, {
      token: owner.token,
    });
    expect(sessions.body.every((x: { isRevoked: boolean }) => x.isRevoked)).toBe(true);
    await expect(iam.refresh(second.refreshToken!)).rejects.toThrow();
    await expect(
      iam.issueSession({
        subject: { kind: "principal", id: p.principalId },
        clientId: null,
        type: "api",
        withRefresh: false,
      }),
    ).rejects.toThrow("Account has been suspended");
    await expect(iam.verifyPrincipalPassword(p.email, "Vivid-Otter-42")).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Account has been suspended",
    });
    expectError(
      await call(t, "POST", `/resources/iam/principals/${p.principalId}/suspend`, {
        token: owner.token,
        headers: { "If-Match": s.body.etag },
      }),
      409,
      "INVALID_STATE",
    );
    const r = await call(t, "POST", `/resources/iam/principals/${p.principalId}/reactivate`, {
      token: owner.token,
      headers: { "If-Match": s.body.etag },
    });
    expect(r.status).toBe(200);
    expect(r.body.suspendedAt).toBeNull();
    // Reactivation does not revive sessions: the principal must log in again.
    expectError(await call(t, "GET", "/resources/me", { token: p.token }), 401);
    await expect(iam.verifyPrincipalPassword(p.email, "Vivid-Otter-42")).resolves.toMatchObject({
      principalId: p.principalId,
      passwordChangeRequired: false,
    });
  });

  it("refuses to suspend the caller's own principal", async () => {
    const r = await call(t, "POST", `/resources/iam/principals/${owner.principalId}/suspend`, {
      token: owner.token,
      headers: { "If-Match": await etagOf(owner.principalId) },
    });
    expectError(r, 403, "FORBIDDEN");
    expect(r.body.error.message).toBe("Cannot suspend your own principal");
  });
});

describe("password reset", () => {
  it("issues a temporary password that works once and forces a password change", async () => {
    const p = await createPrincipalWithToken(t, {
      acl: ["sendings:read"],
      password: "Vivid-Otter-42",
      name: "Tess Temp",
    });
    const r = await call(t, "POST", `/resources/iam/principals/${p.principalId}/password/reset`, {
      token: owner.token,
    });
    expect(r.status).toBe(200);
    const temporaryPassword = r.body.temporaryPassword as string;
    expect(Object.keys(r.body)).toEqual(["temporaryPassword"]);
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await get(p.principalId)).body).toMatchObject({
      passwordLogin: true,
      passwordExpiresAt: expect.any(String),
    });
    await expect(iam.verifyPrincipalPassword(p.email, "Vivid-Otter-42")).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    const login = await iam.verifyPrincipalPassword(p.email.toUpperCase(), temporaryPassword);
    expect(login).toMatchObject({ principalId: p.principalId, passwordChangeRequired: true });
    await expect(iam.verifyPrincipalPassword(p.email, temporaryPassword)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    const session = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: null,
      type: "interactive",
      withRefresh: false,
      passwordChangeRequired: true,
    });
    const token = session.accessToken;
    expectError(
      await call(t, "GET", `/resources/iam/principals/${p.principalId}/sessions`, { token }),
      403,
      "PASSWORD_CHANGE_REQUIRED",
    );
    expectError(await call(t, "GET", "/resources/iam/roles", { token }), 403, "PASSWORD_CHANGE_REQUIRED");
    // Revoking stays open to it: its own sessions, not anyone else's.
    const spare = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: null,
      type: "interactive",
      withRefresh: false,
      passwordChangeRequired: true,
    });
    expect(
      (await call(t, "DELETE", `/resources/iam/principals/${p.principalId}/sessions/${spare.session.id}`, { token }))
        .status,
    ).toBe(204);
    expect((await call(t, "GET", "/resources/me", { token: spare.accessToken })).status).toBe(401);
    expectError(
      await call(
        t,
        "DELETE",
        `/resources/iam/principals/01900000-0000-7000-8000-000000000001/sessions/${spare.session.id}`,
        { token },
      ),
      403,
      "PASSWORD_CHANGE_REQUIRED",
    );
    expectError(
      await call(t, "DELETE", "/resources/iam/principals/%E0%A4%A/sessions/x", { token }),
      403,
      "PASSWORD_CHANGE_REQUIRED",
    );
    const me = await call(t, "GET", "/resources/me", { token });
    expect(me.body).toMatchObject({ passwordChangeRequired: true, id: p.principalId });
    const weak = await call(t, "POST", "/resources/me/password", {
      token,
      body: { currentPassword: temporaryPassword, newPassword: "password1" },
    });
    expectError(weak, 400, "VALIDATION_FAILED");
    const wrong = await call(t, "POST", "/resources/me/password", {
      token,
      body: { currentPassword: "Wrong-Pass-99", newPassword: "Fresh-Walrus-77" },
    });
    expectError(wrong, 400, "VALIDATION_FAILED");
    const ok = await call(t, "POST", "/resources/me/password", {
      token,
      body: { currentPassword: temporaryPassword, newPassword: "Fresh-Walrus-77" },
    });
    expect(ok.status).toBe(204);
    expect((await call(t, "GET", `/resources/iam/principals/${p.principalId}/sessions`, { token })).status).toBe(200);
    expect((await get(p.principalId)).body.passwordExpiresAt).toBeNull();
    await expect(iam.verifyPrincipalPassword(p.email, "Fresh-Walrus-77")).resolves.toMatchObject({
      passwordChangeRequired: false,
    });
  });

  it("an admin password reset revokes every session of the principal, as suspend does", async () => {
    const p = await createPrincipalWithToken(t, { acl: ["sendings:read"], password: "Vivid-Otter-42" });
    const browser = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: null,
      type: "interactive",
      withRefresh: true,
    });
    const pat = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: null,
      type: "pat",
      withRefresh: false,
    });
    expect((await call(t, "GET", "/resources/me", { token: p.token })).status).toBe(200);
    const r = await call(t, "POST", `/resources/iam/principals/${p.principalId}/password/reset`, {
      token: owner.token,
    });
    expect(r.status).toBe(200);
    for (const token of [p.token, browser.accessToken, pat.accessToken])
      expectError(await call(t, "GET", "/resources/me", { token }), 401, "UNAUTHENTICATED");
    await expect(iam.refresh(browser.refreshToken!)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const sessions = await call(t, "GET", `/resources/iam/principals/${p.principalId}/sessions`, {
      token: owner.token,
    });
    expect(sessions.body.map((x: { isRevoked: boolean }) => x.isRevoked)).toEqual([true, true, true]);
    // The temporary password opens a new session as usual.
    await expect(iam.verifyPrincipalPassword(p.email, r.body.temporaryPassword)).resolves.toMatchObject({
      passwordChangeRequired: true,
    });
  });

  it("refuses an unused temporary password once it has expired", async () => {
    const p = await createPrincipalWithToken(t, { password: "Vivid-Otter-42" });
    const r = await call(t, "POST", `/resources/iam/principals/${p.principalId}/password/reset`, {
      token: owner.token,
    });
    await t.platform.db.pool.query(
      "UPDATE iam_credentials SET expires_at = now() - interval '1 second' WHERE principal_id = $1",
      [p.principalId],
    );
    await expect(iam.verifyPrincipalPassword(p.email, r.body.temporaryPassword)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
      message: "Invalid email or password",
    });
  });

  it("leaves the password untouched when the reset is refused (stale If-Match)", async () => {
    const p = await createPrincipalWithToken(t, { password: "Vivid-Otter-42" });
    const stale = await call(t, "POST", `/resources/iam/principals/${p.principalId}/password/reset`, {
      token: owner.token,
      headers: { "If-Match": '"v99"' },
    });
    expectError(stale, 409, "CONFLICT");
    await expect(iam.verifyPrincipalPassword(p.email, "Vivid-Otter-42")).resolves.toMatchObject({
      principalId: p.principalId,
      passwordChangeRequired: false,
    });
    const ok = await call(t, "POST", `/resources/iam/principals/${p.principalId}/password/reset`, {
      token: owner.token,
      headers: { "If-Match": await etagOf(p.principalId) },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    await expect(iam.verifyPrincipalPassword(p.email, "Vivid-Otter-42")).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  it("changing the password revokes the other sessions and keeps the current one", async () => {
    const p = await createPrincipalWithToken(t, { password: "Vivid-Otter-42" });
    const other = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: null,
      type: "interactive",
      withRefresh: false,
    });
    const r = await call(t, "POST", "/resources/me/password", {
      token: p.token,
      body: { currentPassword: "Vivid-Otter-42", newPassword: "Quiet-Heron-58" },
    });
    expect(r.status).toBe(204);
    expect((await call(t, "GET", "/resources/me", { token: p.token })).status).toBe(200);
    expectError(await call(t, "GET", "/resources/me", { token: other.accessToken }), 401);
    expectError(
      await call(t, "POST", "/resources/me/password", { token: p.token, body: { currentPassword: "Quiet-Heron-58" } }),
      400,
      "VALIDATION_FAILED",
    );
  });

  it("rejects unknown emails with the same error as wrong passwords", async () => {
    await expect(iam.verifyPrincipalPassword("nobody@example.test", "Whatever-123")).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
      message: "Invalid email or password",
    });
  });
});

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

describe("sessions of a principal", () => {
  it("lists own sessions without permission and marks the current one; others need iam/principals:read", async () => {
    const p = await createPrincipalWithToken(t, {});
    const other = await createPrincipalWithToken(t, {});
    const own = await call(t, "GET", `/resources/iam/principals/${p.principalId}/sessions`, { token: p.token });
    expect(own.status).toBe(200);
    expect(own.body).toHaveLength(1);
    expect(own.body[0]).toMatchObject({
      id: p.sessionId,
      type: "api",
      isCurrent: true,
      isRevoked: false,
      revokedAt: null,
      clientId: null,
      description: "test token",
    });
    expect(Object.keys(own.body[0])).toEqual(
      expect.arrayContaining([
        "id",
        "type",
        "createdAt",
        "accessTokenExpiresAt",
        "isCurrent",
        "isRevoked",
        "revokedAt",
        "clientId",
        "clientName",
        "description",
      ]),
    );
    expect(JSON.stringify(own.body)).not.toMatch(/hash/i);
    expectError(
      await call(t, "GET", `/resources/iam/principals/${p.principalId}/sessions`, { token: other.token }),
      403,
      "FORBIDDEN",
    );
    const byOwner = await call(t, "GET", `/resources/iam/principals/${p.principalId}/sessions`, { token: owner.token });
    expect(byOwner.body[0].isCurrent).toBe(false);
    for (const ace of ["iam/principals:read", "iam/principals:write"]) {
      const admin = await createPrincipalWithToken(t, { acl: [ace] });
      const r = await call(t, "GET", `/resources/iam/principals/${p.principalId}/sessions`, { token: admin.token });
      expect({ ace, status: r.status, ids: r.body.map((x: { id: string }) => x.id) }).toEqual({
        ace,
        status: 200,
        ids: [p.sessionId],
      });
    }
    expectError(
      await call(t, "GET", `/resources/iam/principals/${p.principalId}/sessions`, {
        token: (await createPrincipalWithToken(t, { acl: ["iam/principals:delete"] })).token,
      }),
      403,
    );
  });

  it("revokes a session at once: own without permission, another's with iam/principals:write", async () => {
    const p = await createPrincipalWithToken(t, {});
    const second = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: null,
      type: "interactive",
      withRefresh: false,
    });
    const reader = await createPrincipalWithToken(t, { acl: ["iam/principals:read"] });
    expectError(
      await call(t, "DELETE", `/resources/iam/principals/${p.principalId}/sessions/${second.session.id}`, {
        token: reader.token,
      }),
      403,
    );
    expect(
      (
        await call(t, "DELETE", `/resources/iam/principals/${p.principalId}/sessions/${second.session.id}`, {
          token: p.token,
        })
      ).status,
    ).toBe(204);
    expectError(await call(t, "GET", "/resources/me", { token: second.accessToken }), 401);
    expect((await call(t, "GET", "/resources/me", { token: p.token })).status).toBe(200);
    expect(
      (
        await call(t, "DELETE", `/resources/iam/principals/${p.principalId}/sessions/${p.sessionId}`, {
          token: owner.token,
        })
      ).status,
    ).toBe(204);
    expectError(await call(t, "GET", "/resources/me", { token: p.token }), 401);
    expectError(
      await call(t, "DELETE", `/resources/iam/principals/${p.principalId}/sessions/${owner.principalId}`, {
        token: owner.token,
      }),
      404,
    );
    expectError(
      await call(t, "DELETE", `/resources/iam/principals/${p.principalId}/sessions/not-a-uuid`, { token: owner.token }),
      404,
    );
  });
});
