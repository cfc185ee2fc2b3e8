import { describe, expect, it } from "vitest";
import { createPrincipalWithToken } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { iam, owner, t, useIamPlatform } from "./test-support/iam-platform.ts";
import { put, service, web } from "./test-support/client-fixture.ts";

useIamPlatform();

describe("clients", () => {
  it("suspends (invalid client, sessions revoked) and deletes a client with its secrets", async () => {
    const c = await put("svc-del", { ...service(), roles: ["system:portal:full"] });
    const s = await call(t, "POST", "/resources/iam/clients/svc-del/secrets", {
      token: owner.token,
      body: { description: "x" },
    });
    const session = await iam.issueSession({
      subject: { kind: "client", id: "svc-del" },
      clientId: "svc-del",
      type: "api",
      withRefresh: false,
    });
    expect((await call(t, "GET", "/resources/iam/roles", { token: session.accessToken })).status).toBe(200);
    const sus = await call(t, "POST", "/resources/iam/clients/svc-del/suspend", {
      token: owner.token,
      headers: {
        "If-Match": (await call(t, "GET", "/resources/iam/clients/svc-del", { token: owner.token })).body.etag,
      },
    });
    expect(sus.status).toBe(200);
    expectError(await call(t, "GET", "/resources/iam/roles", { token: session.accessToken }), 401);
    await expect(iam.authenticateClient("svc-del", s.body.secret)).rejects.toMatchObject({ message: "invalid client" });
    const re = await call(t, "POST", "/resources/iam/clients/svc-del/reactivate", {
      token: owner.token,
      headers: { "If-Match": sus.body.etag },
    });
    expect(re.status).toBe(200);
    await expect(iam.authenticateClient("svc-del", s.body.secret)).resolves.toBeTruthy();
    const roles = await call(t, "PUT", "/resources/iam/clients/svc-del/roles", {
      token: owner.token,
      body: { roles: [] },
      headers: { "If-Match": re.body.etag },
    });
    expect(roles.body.roles).toEqual([]);
    expect(c.status).toBe(201);
    expect((await call(t, "DELETE", "/resources/iam/clients/svc-del", { token: owner.token })).status).toBe(204);
    expectError(await call(t, "GET", "/resources/iam/clients/svc-del", { token: owner.token }), 404);
    const left = await t.platform.db.pool.query("SELECT 1 FROM iam_client_secrets WHERE client_id = 'svc-del'");
    expect(left.rows).toHaveLength(0);
    await expect(iam.authenticateClient("svc-del", s.body.secret)).rejects.toMatchObject({ message: "invalid client" });
  });

  it("does not let a limited administrator mint a secret for (or change) a stronger client", async () => {
    await put("svc-strong", { ...service(), roles: ["system:owner"] });
    const admin = await createPrincipalWithToken(t, { acl: ["iam/clients:*"] });
    expectError(
      await call(t, "POST", "/resources/iam/clients/svc-strong/secrets", {
        token: admin.token,
        body: { description: "mine" },
      }),
      403,
    );
    expectError(await call(t, "DELETE", "/resources/iam/clients/svc-strong", { token: admin.token }), 403);
    expect((await call(t, "GET", "/resources/iam/clients/svc-strong/secrets", { token: admin.token })).body).toEqual(
      [],
    );
  });

  it("revokes the sessions a client opened for principals when it is suspended", async () => {
    const c = await put("web-sus", web("Web"));
    const p = await createPrincipalWithToken(t, {});
    const s = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: "web-sus",
      type: "interactive",
      withRefresh: true,
    });
    expect((await call(t, "GET", "/resources/me", { token: s.accessToken })).status).toBe(200);
    expect(
      (
        await call(t, "POST", "/resources/iam/clients/web-sus/suspend", {
          token: owner.token,
          headers: { "If-Match": c.body.etag },
        })
      ).status,
    ).toBe(200);
    expectError(await call(t, "GET", "/resources/me", { token: s.accessToken }), 401);
    await expect(iam.refresh(s.refreshToken!)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await call(t, "GET", "/resources/me", { token: p.token })).status).toBe(200);
  });
});
