import { describe, expect, it } from "vitest";
import { createPrincipalWithToken } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { iam, owner, t, useIamPlatform } from "./test-support/iam-platform.ts";
import { etagOf, get } from "./test-support/principal-fixture.ts";

useIamPlatform();

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
