import { describe, expect, it } from "vitest";
import { createLocalJWKSet, jwtVerify } from "jose";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { authorizeInBrowser, createBrowser } from "../testing/index.ts";
import { PASSWORD, REDIRECT, createClient, locationParams, postForm } from "../test-support/fixtures.ts";
import {
  ISSUER,
  VERIFIER,
  adminToken,
  app,
  clock,
  codeFor,
  errorOf,
  exchange,
  me,
  t,
  useTokenPlatform,
  user,
} from "../test-support/token-fixture.ts";
import type { Tokens } from "../test-support/token-fixture.ts";
import { s256 } from "../util/pkce.ts";

useTokenPlatform();

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
