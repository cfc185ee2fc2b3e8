import { describe, expect, it } from "vitest";
import * as oidc from "openid-client";
import * as oauth from "oauth4webapi";
import { createClientWithToken, createPrincipalWithToken } from "@platform/iam/testing";
import { createBrowser } from "../testing/index.ts";
import { REDIRECT } from "../test-support/fixtures.ts";
import {
  PHONE,
  PICTURE,
  app,
  authorize,
  config,
  patchedWithin,
  server,
  signInWith,
  useOidcServer,
  user,
} from "../test-support/oidc-fixture.ts";

/**
 * OpenID Connect's userinfo and claims by scope, checked by two strict relying-party libraries: openid-client and
 * oauth4webapi (its processing functions verify every id_token rule, at_hash included, and the userinfo `sub`).
 */
useOidcServer();

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
