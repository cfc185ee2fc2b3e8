import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalJWKSet, jwtVerify } from "jose";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createClientWithToken, createPrincipalWithToken } from "@platform/iam/testing";
import { authorizeInBrowser, createBrowser } from "../testing/index.ts";
import {
  PASSWORD,
  REDIRECT,
  createAdmin,
  createClient,
  locationParams,
  postForm,
  suspend,
  testContexts,
} from "../test-support/fixtures.ts";
import { s256 } from "../util/pkce.ts";

const ISSUER = "http://localhost:8080";
const VERIFIER = "verifier-".padEnd(60, "x");
const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
let t: TestPlatform;
let adminToken: string;
let app: { clientId: string; secret: string };
let user: { principalId: string; email: string };

beforeAll(async () => {
  t = await createTestPlatform(testContexts({ clock, throttle: { addressFreeFailures: 1000 } }));
  adminToken = (await createAdmin(t)).token;
  app = await createClient(t, adminToken);
  user = await createPrincipalWithToken(t, { password: PASSWORD, acl: ["iam/principals:read"] });
});
afterAll(() => t.close());

type Tokens = {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
  scope?: string;
  id_token?: string;
};

/** Signs `user` in through the pages and returns a fresh authorization code. */
const codeFor = async (extra: Record<string, string> = {}, clientId = app.clientId) => {
  const q = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: "openid iam/principals:read",
    state: "s",
    nonce: "n-1",
    code_challenge: s256(VERIFIER),
    code_challenge_method: "S256",
    ...extra,
  };
  const r = await authorizeInBrowser(
    createBrowser(t),
    Object.fromEntries(Object.entries(q).filter(([, v]) => v !== "")),
    { email: user.email, password: PASSWORD },
  );
  expect(r.status).toBe(302);
  return locationParams(r).get("code")!;
};
const exchange = (code: string, extra: Record<string, string> = {}) =>
  postForm(t, "/oauth/token", {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    client_id: app.clientId,
    client_secret: app.secret,
    code_verifier: VERIFIER,
    ...extra,
  });
const me = (token: string) => t.request("GET", "/resources/me", { token });
const errorOf = async (r: Response) => ({ status: r.status, ...((await r.json()) as object) });

describe("authorization_code grant", () => {
  it("issues tokens (client_secret_post) with a verifiable id_token and no caching", async () => {
    const r = await exchange(await codeFor());
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const body = (await r.json()) as Tokens;
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "openid iam/principals:read" });
    expect(body.refresh_token).toMatch(/^[\w-]{64,}$/);
    expect((await me(body.access_token)).status).toBe(200);
    const jwks = createLocalJWKSet((await (await t.request("GET", "/oauth/jwks")).json()) as never);
    const { payload, protectedHeader } = await jwtVerify(body.id_token!, jwks, {
      issuer: ISSUER,
      audience: app.clientId,
    });
    expect(protectedHeader.kid).toBeTruthy();
    expect(payload).toMatchObject({ sub: user.principalId, nonce: "n-1" });
  });

  it("accepts client_secret_basic and leaves out the id_token without openid", async () => {
    const code = await codeFor({ scope: "iam/principals:read" });
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: VERIFIER },
      { id: app.clientId, secret: app.secret },
    );
    expect(r.status).toBe(200);
    expect(await r.json()).not.toHaveProperty("id_token");
  });

  it("makes codes single-use: a second use fails and revokes what the first issued", async () => {
    const code = await codeFor();
    const first = (await (await exchange(code)).json()) as Tokens;
    expect(await errorOf(await exchange(code))).toMatchObject({ status: 400, error: "invalid_grant" });
    expect((await me(first.access_token)).status).toBe(401);
    const refresh = await postForm(t, "/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: first.refresh_token!,
      client_id: app.clientId,
      client_secret: app.secret,
    });
    expect(refresh.status).toBe(400);
  });

  it("refuses an expired code", async () => {
    const code = await codeFor();
    clock.offsetMs = 61_000;
    try {
      expect(await errorOf(await exchange(code))).toMatchObject({ status: 400, error: "invalid_grant" });
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("refuses a redirect URI other than the authorization request's", async () => {
    expect(await errorOf(await exchange(await codeFor(), { redirect_uri: "https://app.example.test/other" }))).toEqual({
      status: 400,
      error: "invalid_grant",
      error_description: "invalid redirect URI",
    });
  });

  it("checks PKCE: wrong verifier, missing verifier, verifier without challenge", async () => {
    expect(await errorOf(await exchange(await codeFor(), { code_verifier: "wrong-".padEnd(60, "y") }))).toMatchObject({
      status: 400,
      error: "invalid_grant",
    });
    expect(await errorOf(await exchange(await codeFor(), { code_verifier: "" }))).toMatchObject({
      status: 400,
      error: "invalid_grant",
    });
    const noChallenge = await codeFor({ code_challenge: "", code_challenge_method: "" });
    expect(await errorOf(await exchange(noChallenge))).toMatchObject({ status: 400, error: "invalid_grant" });
  });

  it("lets a confidential client use the plain code flow without PKCE (the spec's first flow)", async () => {
    const code = await codeFor({ code_challenge: "", code_challenge_method: "" });
    const r = await postForm(t, "/oauth/token", {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: app.clientId,
      client_secret: app.secret,
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toHaveProperty("refresh_token");
  });

  it("lets a public client redeem with the verifier alone", async () => {
    const pub = await createClient(t, adminToken, { tokenEndpointAuthMethod: "none" });
    const code = await codeFor({}, pub.clientId);
    const r = await postForm(t, "/oauth/token", {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: pub.clientId,
      code_verifier: VERIFIER,
    });
    expect(r.status).toBe(200);
  });

  it("refuses a code issued to another client, without using it up", async () => {
    const other = await createClient(t, adminToken);
    const code = await codeFor();
    const r = await postForm(t, "/oauth/token", {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
      client_id: other.clientId,
      client_secret: other.secret,
    });
    expect(await errorOf(r)).toMatchObject({ status: 400, error: "invalid_grant" });
    expect((await exchange(code)).status).toBe(200);
  });
});

describe("temporary passwords", () => {
  it("issues a session that must change its password, and signs the browser out after one authorization", async () => {
    const p = await createPrincipalWithToken(t, { password: PASSWORD, acl: ["iam/principals:read"] });
    const reset = await t.request("POST", `/resources/iam/principals/${p.principalId}/password/reset`, {
      token: adminToken,
    });
    const { temporaryPassword } = (await reset.json()) as { temporaryPassword: string };
    const browser = createBrowser(t);
    const q = {
      response_type: "code",
      client_id: app.clientId,
      redirect_uri: REDIRECT,
      scope: "iam/principals:read",
      state: "s",
      code_challenge: s256(VERIFIER),
      code_challenge_method: "S256",
    };
    const r = await authorizeInBrowser(browser, q, { email: p.email, password: temporaryPassword });
    expect(r.status).toBe(302);
    expect(browser.jar.has("oauth_session")).toBe(false);
    const tokens = (await (await exchange(locationParams(r).get("code")!)).json()) as Tokens;
    expect((await me(tokens.access_token)).status).toBe(200);
    const blocked = await t.request("GET", "/resources/iam/principals", { token: tokens.access_token });
    expect(blocked.status).toBe(403);
    expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe("PASSWORD_CHANGE_REQUIRED");
    expect((await browser.get(`/oauth/authorize?${new URLSearchParams(q)}`)).status).toBe(303);
  });
});

describe("client authentication and request errors", () => {
  it("answers an unknown client and a wrong secret with invalid_client (401)", async () => {
    expect(await errorOf(await exchange("x", { client_id: "nobody" }))).toEqual({
      status: 401,
      error: "invalid_client",
      error_description: "invalid client",
    });
    expect(await errorOf(await exchange("x", { client_secret: "wrong" }))).toEqual({
      status: 401,
      error: "invalid_client",
      error_description: "invalid client secret",
    });
  });

  it("sets WWW-Authenticate: Basic when Basic credentials fail", async () => {
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "client_credentials" },
      { id: app.clientId, secret: "wrong" },
    );
    expect(r.status).toBe(401);
    expect(r.headers.get("www-authenticate")).toMatch(/^Basic/);
    expect(await r.json()).toEqual({ error: "invalid_client", error_description: "invalid client secret" });
  });

  it("refuses a suspended client", async () => {
    const c = await createClient(t, adminToken);
    await suspend(t, adminToken, "clients", c.clientId);
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "refresh_token", refresh_token: "x" },
      { id: c.clientId, secret: c.secret },
    );
    expect(await errorOf(r)).toEqual({ status: 401, error: "invalid_client", error_description: "invalid client" });
  });

  it("allows only the client's grant types and known grant types", async () => {
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "client_credentials" },
      { id: app.clientId, secret: app.secret },
    );
    expect(await errorOf(r)).toEqual({
      status: 400,
      error: "unauthorized_client",
      error_description: "unsupported grant type",
    });
    expect(
      await errorOf(
        await postForm(
          t,
          "/oauth/token",
          { grant_type: "password", username: "a", password: "b" },
          { id: app.clientId, secret: app.secret },
        ),
      ),
    ).toMatchObject({ status: 400, error: "unsupported_grant_type" });
    expect(
      await errorOf(await postForm(t, "/oauth/token", {}, { id: app.clientId, secret: app.secret })),
    ).toMatchObject({ status: 400, error: "invalid_request" });
  });

  it("wants a form body", async () => {
    const r = await t.request("POST", "/oauth/token", { body: { grant_type: "client_credentials" } });
    expect(await errorOf(r)).toMatchObject({ status: 400, error: "invalid_request" });
  });
});

describe("client_credentials grant", () => {
  it("issues a token within the client's scopes, without a refresh token", async () => {
    const svc = await createClientWithToken(t, { scopes: ["iam/principals:read", "graph:*"], roles: ["system:owner"] });
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "client_credentials", scope: "graph/sending:query" },
      { id: svc.clientId, secret: svc.secret },
    );
    expect(r.status).toBe(200);
    const body = (await r.json()) as Tokens;
    expect(body).toMatchObject({ token_type: "Bearer", scope: "graph/sending:query" });
    expect(body).not.toHaveProperty("refresh_token");
    const all = (await (
      await postForm(t, "/oauth/token", {
        grant_type: "client_credentials",
        client_id: svc.clientId,
        client_secret: svc.secret,
      })
    ).json()) as Tokens;
    expect(all.scope).toBe("iam/principals:read graph:*");
    const unscoped = await createClientWithToken(t, { roles: ["system:owner"] });
    const full = (await (
      await postForm(
        t,
        "/oauth/token",
        { grant_type: "client_credentials" },
        { id: unscoped.clientId, secret: unscoped.secret },
      )
    ).json()) as Tokens;
    expect(full.scope).toBe("*:*"); // the owner's effective scope, as IAM formats it
    const wide = await postForm(
      t,
      "/oauth/token",
      { grant_type: "client_credentials", scope: "iam/principals:write" },
      { id: svc.clientId, secret: svc.secret },
    );
    expect(await errorOf(wide)).toMatchObject({ status: 400, error: "invalid_scope" });
  });
});

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
