import { describe, expect, it } from "vitest";
import { createPrincipalWithToken } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { iam, owner, t, useIamPlatform } from "./test-support/iam-platform.ts";
import { etagOf } from "./test-support/principal-fixture.ts";

useIamPlatform();

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
