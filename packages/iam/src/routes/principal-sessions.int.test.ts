import { describe, expect, it } from "vitest";
import { createPrincipalWithToken } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { iam, owner, t, useIamPlatform } from "./test-support/iam-platform.ts";

useIamPlatform();

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
