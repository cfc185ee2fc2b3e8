import { describe, expect, it } from "vitest";
import { REDIRECT, createClient, postForm } from "../test-support/fixtures.ts";
import {
  ISSUER,
  VERIFIER,
  adminToken,
  app,
  codeFor,
  errorOf,
  exchange,
  me,
  t,
  useTokenPlatform,
  user,
} from "../test-support/token-fixture.ts";
import type { Tokens } from "../test-support/token-fixture.ts";

useTokenPlatform();

describe("refresh_token grant", () => {
  it("rotates refresh tokens and revokes the session when an old one is replayed", async () => {
    const first = (await (await exchange(await codeFor())).json()) as Tokens;
    const refresh = (token: string, extra: Record<string, string> = {}) =>
      postForm(
        t,
        "/oauth/token",
        { grant_type: "refresh_token", refresh_token: token, ...extra },
        { id: app.clientId, secret: app.secret },
      );
    const r2 = await refresh(first.refresh_token!, { scope: "iam/principals:read" });
    expect(r2.status).toBe(200);
    const second = (await r2.json()) as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.scope).toBe("iam/principals:read");
    expect(await errorOf(await refresh(first.refresh_token!))).toMatchObject({ status: 400, error: "invalid_grant" });
    expect((await me(second.access_token)).status).toBe(401);
    expect((await refresh(second.refresh_token!)).status).toBe(400);
  });

  it("refuses a wider scope and another client's refresh token", async () => {
    const tokens = (await (await exchange(await codeFor({ scope: "iam/principals:read" }))).json()) as Tokens;
    const wider = await postForm(
      t,
      "/oauth/token",
      { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, scope: "openid iam/principals:read" },
      { id: app.clientId, secret: app.secret },
    );
    expect(await errorOf(wider)).toMatchObject({ status: 400, error: "invalid_scope" });
    const other = await createClient(t, adminToken);
    const stolen = await postForm(
      t,
      "/oauth/token",
      { grant_type: "refresh_token", refresh_token: tokens.refresh_token! },
      { id: other.clientId, secret: other.secret },
    );
    expect(await errorOf(stolen)).toMatchObject({ status: 400, error: "invalid_grant" });
  });

  it("gives no refresh token to a client without the refresh_token grant", async () => {
    const noRefresh = await createClient(t, adminToken, { grantTypes: ["authorization_code"] });
    const code = await codeFor({}, noRefresh.clientId);
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: VERIFIER },
      { id: noRefresh.clientId, secret: noRefresh.secret },
    );
    expect(r.status).toBe(200);
    expect(await r.json()).not.toHaveProperty("refresh_token");
  });
});

describe("revocation and introspection", () => {
  it(
    "revokes a session by either token, answers 200 for unknown tokens, and leaves other " + "clients' tokens alone",
    async () => {
      const tokens = (await (await exchange(await codeFor())).json()) as Tokens;
      const other = await createClient(t, adminToken);
      expect(
        (
          await postForm(
            t,
            "/oauth/revoke",
            { token: tokens.access_token },
            { id: other.clientId, secret: other.secret },
          )
        ).status,
      ).toBe(200);
      expect((await me(tokens.access_token)).status).toBe(200);
      expect(
        (
          await postForm(
            t,
            "/oauth/revoke",
            { token: "not-a-token", token_type_hint: "access_token" },
            { id: app.clientId, secret: app.secret },
          )
        ).status,
      ).toBe(200);
      const r = await postForm(
        t,
        "/oauth/revoke",
        { token: tokens.refresh_token!, token_type_hint: "refresh_token" },
        { id: app.clientId, secret: app.secret },
      );
      expect(r.status).toBe(200);
      expect((await me(tokens.access_token)).status).toBe(401);
      const wrongSecret = await postForm(
        t,
        "/oauth/revoke",
        { token: tokens.access_token },
        { id: app.clientId, secret: "wrong" },
      );
      expect(await errorOf(wrongSecret)).toMatchObject({ status: 401, error: "invalid_client" });
    },
  );

  it("lets the holder of a token revoke it without client credentials (bearer-style callers)", async () => {
    const tokens = (await (await exchange(await codeFor())).json()) as Tokens;
    const r = await t.request("POST", "/oauth/revoke", {
      token: tokens.access_token,
      raw: new URLSearchParams({ token: tokens.access_token, token_type_hint: "access_token" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(r.status).toBe(200);
    expect((await me(tokens.access_token)).status).toBe(401);
    expect((await postForm(t, "/oauth/revoke", { token: "garbage" })).status).toBe(200);
  });

  it("introspects for authenticated confidential clients only", async () => {
    const tokens = (await (await exchange(await codeFor())).json()) as Tokens;
    const r = await postForm(
      t,
      "/oauth/introspect",
      { token: tokens.access_token },
      { id: app.clientId, secret: app.secret },
    );
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      active: true,
      client_id: app.clientId,
      sub: user.principalId,
      token_type: "Bearer",
      iss: ISSUER,
    });
    const pub = await createClient(t, adminToken, { tokenEndpointAuthMethod: "none" });
    expect(
      (await postForm(t, "/oauth/introspect", { token: tokens.access_token, client_id: pub.clientId })).status,
    ).toBe(401);
    await postForm(t, "/oauth/revoke", { token: tokens.access_token }, { id: app.clientId, secret: app.secret });
    expect(
      await (
        await postForm(t, "/oauth/introspect", { token: tokens.access_token }, { id: app.clientId, secret: app.secret })
      ).json(),
    ).toEqual({ active: false });
  });

  it("A client introspecting another client's token learns nothing unless it holds oauth/introspect:read", async () => {
    const tokens = (await (await exchange(await codeFor())).json()) as Tokens;
    const introspect = async (token: string, c: { clientId: string; secret: string }) =>
      (await postForm(t, "/oauth/introspect", { token }, { id: c.clientId, secret: c.secret })).json();
    const service = { redirectUris: [], grantTypes: ["client_credentials"] };
    const stranger = await createClient(t, adminToken, { ...service, scopes: ["graph:*"] });
    expect(await introspect(tokens.access_token, stranger)).toEqual({ active: false });
    expect(await introspect(tokens.refresh_token!, stranger)).toEqual({ active: false });
    // A resource server: the permission in its configured scopes, or through a role.
    const byScope = await createClient(t, adminToken, { ...service, scopes: ["oauth/introspect:read"] });
    expect(await introspect(tokens.access_token, byScope)).toMatchObject({
      active: true,
      client_id: app.clientId,
      sub: user.principalId,
    });
    const role = await t.request("PUT", "/resources/iam/roles/rs:introspect", {
      token: adminToken,
      body: {
        description: "resource server",
        acl: { entries: [{ resource: "oauth/introspect", permission: "read" }] },
      },
    });
    expect(role.status).toBe(201);
    const byRole = await createClient(t, adminToken, { ...service, scopes: [], roles: ["rs:introspect"] });
    expect(await introspect(tokens.access_token, byRole)).toMatchObject({ active: true, client_id: app.clientId });
    // Its own tokens stay visible to the client that holds them.
    expect(await introspect(tokens.access_token, app)).toMatchObject({ active: true, client_id: app.clientId });
  });
});
