import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { createClientWithToken, createPrincipalWithToken } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { bootIam } from "../testing/boot.ts";

let t: TestPlatform;
beforeAll(async () => {
  ({ t } = await bootIam());
});
afterAll(() => t.close());

describe("/resources/me", () => {
  it("describes a principal caller: roles, effective scope, session id", async () => {
    const p = await createPrincipalWithToken(t, {
      roles: ["system:portal:full"],
      acl: ["x:read"],
      scope: ["sendings:*", "iam/principals:read"],
      accessAttributes: { channelKey: ["web"] },
    });
    const r = await call(t, "GET", "/resources/me", { token: p.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      kind: "principal",
      id: p.principalId,
      principal: { id: p.principalId, email: p.email },
      client: null,
      roles: ["system:portal:full"],
      isOwner: false,
      accessAttributes: { channelKey: ["web"] },
      sessionId: p.sessionId,
      passwordChangeRequired: false,
    });
    expect([...r.body.scope].sort()).toEqual(["iam/principals:read", "sendings:*"]);
  });

  it("describes a client caller", async () => {
    const c = await createClientWithToken(t, { roles: ["system:owner"] });
    const r = await call(t, "GET", "/resources/me", { token: c.token });
    expect(r.body).toMatchObject({
      kind: "client",
      id: c.clientId,
      principal: null,
      client: { id: c.clientId, type: "service_account" },
      isOwner: true,
      scope: ["*:*"],
      sessionId: c.sessionId,
    });
    expectError(
      await call(t, "POST", "/resources/me/password", {
        token: c.token,
        body: { currentPassword: "x", newPassword: "Fresh-Walrus-77" },
      }),
      403,
    );
  });

  it("honours a token scope that leaves out the own password", async () => {
    const p = await createPrincipalWithToken(t, { password: "Vivid-Otter-42", scope: ["sendings:read"] });
    expectError(
      await call(t, "POST", "/resources/me/password", {
        token: p.token,
        body: { currentPassword: "Vivid-Otter-42", newPassword: "Fresh-Walrus-77" },
      }),
      403,
    );
  });

  it("answers 401 without or with a bad token", async () => {
    const none = await call(t, "GET", "/resources/me");
    expectError(none, 401, "UNAUTHENTICATED");
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expectError(await call(t, "GET", "/resources/me", { token: "x".repeat(64) }), 401);
    expectError(await call(t, "GET", "/resources/me", { token: Buffer.alloc(48).toString("base64url") }), 401);
  });
});
