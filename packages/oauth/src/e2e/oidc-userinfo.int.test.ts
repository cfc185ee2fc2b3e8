import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as oidc from "openid-client";
import * as oauth from "oauth4webapi";
import { createClientWithToken, createPrincipalWithToken } from "@platform/iam/testing";
import { startTestServer } from "@platform/http/testing";
import type { TestServer } from "@platform/http/testing";
import { authorizeInBrowser, createBrowser } from "../testing/index.ts";
import type { TestBrowser } from "../testing/index.ts";
import { PASSWORD, REDIRECT, createAdmin, createClient } from "../test-support/fixtures.ts";
import { testContexts } from "../test-support/fixtures.ts";

/**
 * OpenID Connect's userinfo, claims by scope, auth_time with max_age, and prompt, checked by
 * two strict relying-party libraries: openid-client and oauth4webapi (its processing functions
 * verify every id_token rule, at_hash included, and the userinfo `sub`).
 */
let server: TestServer;
let app: { clientId: string; secret: string };
let user: { principalId: string; email: string };
let admin: { token: string };
/** The seconds between which the principal's properties last changed (the PATCH below). */
let patchedWithin: [number, number];
const insecure = { execute: [oidc.allowInsecureRequests] };
const PHONE = "+4930123456";
const PICTURE = "https://cdn.example.test/ann.png";

beforeAll(async () => {
  server = await startTestServer(testContexts());
  admin = await createAdmin(server.t);
  app = await createClient(server.t, admin.token, {
    scopes: ["openid", "profile", "email", "phone", "iam/principals:read"],
  });
  user = await createPrincipalWithToken(server.t, {
    password: PASSWORD,
    name: "Ann Example",
    acl: ["iam/principals:read"],
  });
  const get = await server.t.request("GET", `/resources/iam/principals/${user.principalId}`, { token: admin.token });
  const before = Math.floor(Date.now() / 1000);
  const patch = await server.t.request("PATCH", `/resources/iam/principals/${user.principalId}`, {
    token: admin.token,
    body: { phone: PHONE, picture: PICTURE },
    headers: { "If-Match": get.headers.get("etag")! },
  });
  expect(patch.status).toBe(200);
  patchedWithin = [before, Math.ceil(Date.now() / 1000)];
});
afterAll(() => server.close());

const config = () =>
  oidc.discovery(new URL(server.url), app.clientId, app.secret, oidc.ClientSecretBasic(app.secret), insecure);

/** Through the login (once per browser) and consent pages; the callback URL. */
const authorize = async (browser: TestBrowser, url: URL) => {
  const r = await authorizeInBrowser(browser, Object.fromEntries(url.searchParams), {
    email: user.email,
    password: PASSWORD,
  });
  expect(r.status).toBe(302);
  return new URL(r.headers.get("location")!);
};

const signInWith = async (scope: string, browser = createBrowser(server.t), extra: Record<string, string> = {}) => {
  const c = await config();
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(c, {
    redirect_uri: REDIRECT,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    nonce,
    ...extra,
  });
  const maxAge = extra.max_age === undefined ? undefined : Number(extra.max_age);
  const tokens = await oidc.authorizationCodeGrant(c, await authorize(browser, url), {
    pkceCodeVerifier: verifier,
    expectedNonce: nonce,
    idTokenExpected: true,
    ...(maxAge !== undefined ? { maxAge } : {}),
  });
  return { c, tokens, browser };
};

describe("userinfo and claims by scope", () => {
  it("discovery names userinfo, the claims and back-channel logout", async () => {
    const meta = (await config()).serverMetadata();
    expect(meta.userinfo_endpoint).toBe(`${server.url}/oauth/userinfo`);
    expect(meta.claims_supported).toEqual([
      "iss",
      "sub",
      "aud",
      "exp",
      "iat",
      "auth_time",
      "nonce",
      "sid",
      "at_hash",
      "name",
      "picture",
      "updated_at",
      "email",
      "email_verified",
      "phone_number",
    ]);
    expect(meta.scopes_supported).toEqual(["openid", "profile", "email", "phone"]);
    expect(meta.backchannel_logout_supported).toBe(true);
    expect(meta.backchannel_logout_session_supported).toBe(true);
  });

  it("answers every claim of profile, email and phone, in userinfo (GET and POST) and in the id_token", async () => {
    const { c, tokens } = await signInWith("openid profile email phone");
    const claims = tokens.claims()!;
    const info = await oidc.fetchUserInfo(c, tokens.access_token, user.principalId);
    const expected = {
      sub: user.principalId,
      name: "Ann Example",
      picture: PICTURE,
      email: user.email,
      email_verified: false,
      phone_number: PHONE,
      updated_at: expect.any(Number),
    };
    expect(info).toEqual(expected);
    expect(claims).toMatchObject({
      ...expected,
      sid: expect.any(String),
      at_hash: expect.any(String),
      auth_time: expect.any(Number),
    });
    expect(info.updated_at).toBe(claims.updated_at);
    expect(info.updated_at).toBeGreaterThanOrEqual(patchedWithin[0]);
    expect(info.updated_at).toBeLessThanOrEqual(patchedWithin[1]);
    const posted = await fetch(`${server.url}/oauth/userinfo`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `access_token=${tokens.access_token}`,
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get("cache-control")).toBe("no-store");
    expect(await posted.json()).toEqual({ ...expected, updated_at: info.updated_at });
  });

  it("releases only what the scope names", async () => {
    const { c, tokens } = await signInWith("openid email");
    expect(await oidc.fetchUserInfo(c, tokens.access_token, user.principalId)).toEqual({
      sub: user.principalId,
      email: user.email,
      email_verified: false,
    });
    const claims = tokens.claims()!;
    expect(Object.keys(claims).sort()).toEqual([
      "at_hash",
      "aud",
      "auth_time",
      "email",
      "email_verified",
      "exp",
      "iat",
      "iss",
      "nonce",
      "sid",
      "sub",
    ]);
    const bare = await signInWith("openid");
    expect(await oidc.fetchUserInfo(bare.c, bare.tokens.access_token, user.principalId)).toEqual({
      sub: user.principalId,
    });
  });

  it("refuses tokens without openid, client_credentials tokens and dead tokens, in RFC 6750's words", async () => {
    const { tokens } = await signInWith("openid iam/principals:read");
    const call = (token: string, method = "GET") =>
      fetch(`${server.url}/oauth/userinfo`, { method, headers: { Authorization: `Bearer ${token}` } });
    const svc = await createClientWithToken(server.t, { scopes: ["openid", "graph:*"], roles: ["system:owner"] });
    const machine = await call(svc.token);
    expect(machine.status).toBe(403);
    expect(machine.headers.get("www-authenticate")).toBe(
      'Bearer realm="userinfo", error="insufficient_scope", error_description="The token was not ' +
        'granted the openid scope of a signed-in user", scope="openid"',
    );
    expect(await machine.json()).toEqual({
      error: "insufficient_scope",
      error_description: "The token was not granted the openid scope of a signed-in user",
    });
    const plain = await createPrincipalWithToken(server.t, { acl: ["iam/principals:read"] });
    expect((await call(plain.token)).status).toBe(403);
    expect((await call(tokens.refresh_token!)).status).toBe(401);
    const missing = await fetch(`${server.url}/oauth/userinfo`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="userinfo"');
    const both = await fetch(`${server.url}/oauth/userinfo`, {
      method: "POST",
      headers: { Authorization: `Bearer ${tokens.access_token}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: `access_token=${tokens.access_token}`,
    });
    expect(both.status).toBe(400);
    expect(((await both.json()) as { error: string }).error).toBe("invalid_request");
    expect((await call(tokens.access_token, "POST")).status).toBe(200);
    await oidc.tokenRevocation(await config(), tokens.access_token);
    const revoked = await call(tokens.access_token);
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get("www-authenticate")).toBe(
      'Bearer realm="userinfo", error="invalid_token", error_description="The access token is ' +
        'invalid, expired or revoked"',
    );
  });

  it(
    "passes oauth4webapi's strict id_token and userinfo processing, and keeps auth_time across " + "a refresh",
    async () => {
      const as = await oauth.processDiscoveryResponse(
        new URL(server.url),
        await oauth.discoveryRequest(new URL(server.url), { [oauth.allowInsecureRequests]: true }),
      );
      const client: oauth.Client = { client_id: app.clientId, default_max_age: 3600 };
      const auth = oauth.ClientSecretPost(app.secret);
      const verifier = oauth.generateRandomCodeVerifier();
      const nonce = oauth.generateRandomNonce();
      const url = new URL(as.authorization_endpoint!);
      for (const [k, v] of Object.entries({
        client_id: app.clientId,
        redirect_uri: REDIRECT,
        response_type: "code",
        scope: "openid profile",
        nonce,
        max_age: "3600",
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      }))
        url.searchParams.set(k, v);
      const callback = await authorize(createBrowser(server.t), url);
      const params = oauth.validateAuthResponse(as, client, callback);
      const opts = { [oauth.allowInsecureRequests]: true };
      const response = await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT, verifier, opts);
      const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: nonce,
        requireIdToken: true,
        maxAge: 3600,
      });
      const claims = oauth.getValidatedIdTokenClaims(result)!;
      expect(claims).toMatchObject({ sub: user.principalId, name: "Ann Example", picture: PICTURE });
      const info = await oauth.processUserInfoResponse(
        as,
        client,
        user.principalId,
        await oauth.userInfoRequest(as, client, result.access_token, opts),
      );
      expect(info).toMatchObject({ sub: user.principalId, name: "Ann Example" });
      const refreshed = await oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, auth, result.refresh_token!, opts),
      );
      const again = oauth.getValidatedIdTokenClaims(refreshed)!;
      expect(again.auth_time).toBe(claims.auth_time);
      expect(again.sid).toBe(claims.sid);
      expect(again.name).toBe("Ann Example");
    },
  );
});

describe("max_age and prompt at /oauth/authorize", () => {
  it("asks for the password again when the sign-in is older than max_age, and not when it is younger", async () => {
    const first = await signInWith("openid");
    const firstAuth = first.tokens.claims()!.auth_time!;
    const query = (extra: Record<string, string>) =>
      `/oauth/authorize?${new URLSearchParams({ client_id: app.clientId, redirect_uri: REDIRECT, response_type: "code", scope: "openid", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256", ...extra })}`;
    const young = await first.browser.get(query({ max_age: "3600" }));
    expect(young.status).toBe(302);
    expect(new URL(young.headers.get("location")!).searchParams.get("code")).toBeTruthy();
    const old = await first.browser.get(query({ max_age: "0" }));
    expect(old.status).toBe(303);
    expect(old.headers.get("location")).toContain("/oauth/login?");
    const silent = await first.browser.get(query({ max_age: "0", prompt: "none", state: "s1" }));
    expect(silent.status).toBe(302);
    expect(Object.fromEntries(new URL(silent.headers.get("location")!).searchParams)).toMatchObject({
      error: "login_required",
      state: "s1",
    });
    expect((await first.browser.get(query({ max_age: "-1" }))).headers.get("location")).toContain(
      "error=invalid_request",
    );
    // Signing in again satisfies max_age=0 once (no loop back to the sign-in page).
    const again = await signInWith("openid", first.browser, { max_age: "0" });
    expect(again.tokens.claims()!.auth_time!).toBeGreaterThanOrEqual(firstAuth);
  });

  it("prompt=login signs in again, prompt=consent asks again, prompt=none answers without a page", async () => {
    const { browser } = await signInWith("openid");
    const query = (extra: Record<string, string>) =>
      `/oauth/authorize?${new URLSearchParams({ client_id: app.clientId, redirect_uri: REDIRECT, response_type: "code", scope: "openid", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256", ...extra })}`;
    expect((await browser.get(query({ prompt: "login" }))).status).toBe(303);
    const consent = await browser.get(query({ prompt: "consent" }));
    expect(consent.status).toBe(200);
    expect(await consent.text()).toContain('name="decision"');
    const none = await browser.get(query({ prompt: "none" }));
    expect(none.status).toBe(302);
    expect(new URL(none.headers.get("location")!).searchParams.get("code")).toBeTruthy();
    const stranger = await createBrowser(server.t).get(query({ prompt: "none" }));
    expect(new URL(stranger.headers.get("location")!).searchParams.get("error")).toBe("login_required");
  });
});
