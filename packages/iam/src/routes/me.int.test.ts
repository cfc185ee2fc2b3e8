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

  it("gives each of many client callers at once its own record, as of the last write that returned", async () => {
    const owner = await createClientWithToken(t, { roles: ["system:owner"] });
    const callers = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => createClientWithToken(t, { name: `Caller ${i}`, roles: ["system:owner"] })),
    );
    const me = () => Promise.all(callers.map((c) => call(t, "GET", "/resources/me", { token: c.token })));
    expect((await me()).map((r) => [r.body.id, r.body.client.name])).toEqual(
      callers.map((c, i) => [c.clientId, `Caller ${i}`]),
    );
    const path = `/resources/iam/clients/${callers[2]!.clientId}`;
    const before = await call(t, "GET", path, { token: owner.token });
    const renamed = await call(t, "PATCH", path, {
      token: owner.token,
      body: { name: "Renamed" },
      headers: { "If-Match": before.body.etag },
    });
    expect(renamed.status).toBe(200);
    expect((await me()).map((r) => r.body.client.name)).toEqual([
      "Caller 0",
      "Caller 1",
      "Renamed",
      "Caller 3",
      "Caller 4",
    ]);
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
