import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as oidc from "openid-client";
import { createClientWithToken, createPrincipalWithToken } from "@platform/iam/testing";
import { startTestServer } from "@platform/http/testing";
import type { TestServer } from "@platform/http/testing";
import { authorizeInBrowser, createBrowser } from "../testing/index.ts";
import { PASSWORD, REDIRECT, createAdmin, createClient, testContexts } from "../test-support/fixtures.ts";

/**
 * A certified OpenID Connect relying-party library (openid-client v6) against the gateway
 * on a real port: discovery, client_credentials, authorization code + PKCE with id_token
 * validation, refresh, introspection and revocation.
 */
let server: TestServer;
let app: { clientId: string; secret: string };
let user: { principalId: string; email: string };
const insecure = { execute: [oidc.allowInsecureRequests] };

beforeAll(async () => {
  server = await startTestServer(testContexts());
  const admin = await createAdmin(server.t);
  app = await createClient(server.t, admin.token);
  user = await createPrincipalWithToken(server.t, { password: PASSWORD, acl: ["iam/principals:read"] });
});
afterAll(() => server.close());

/** Runs the authorization request through the login and consent pages; returns the callback URL. */
const authorize = async (url: URL) => {
  const r = await authorizeInBrowser(createBrowser(server.t), Object.fromEntries(url.searchParams), {
    email: user.email,
    password: PASSWORD,
  });
  expect(r.status).toBe(302);
  return new URL(r.headers.get("location")!);
};

describe("openid-client against the running gateway", () => {
  it("discovers the issuer", async () => {
    const config = await oidc.discovery(
      new URL(server.url),
      app.clientId,
      app.secret,
      oidc.ClientSecretBasic(app.secret),
      insecure,
    );
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(server.url);
    expect(meta.token_endpoint).toBe(`${server.url}/oauth/token`);
    expect(meta.code_challenge_methods_supported).toEqual(["S256"]);
    expect(meta.authorization_response_iss_parameter_supported).toBe(true);
  });

  it("gets a token with client_credentials", async () => {
    const svc = await createClientWithToken(server.t, { scopes: ["graph:*"], roles: ["system:owner"] });
    const config = await oidc.discovery(new URL(server.url), svc.clientId, svc.secret, undefined, insecure);
    const tokens = await oidc.clientCredentialsGrant(config, { scope: "graph:*" });
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.scope).toBe("graph:*");
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.expires_in).toBe(3600);
  });

  it("runs the authorization code flow with PKCE, then refreshes, introspects and revokes", async () => {
    const config = await oidc.discovery(
      new URL(server.url),
      app.clientId,
      app.secret,
      oidc.ClientSecretPost(app.secret),
      insecure,
    );
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: "openid iam/principals:read",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    expect(url.href.startsWith(`${server.url}/oauth/authorize?`)).toBe(true);
    const tokens = await oidc.authorizationCodeGrant(config, await authorize(url), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    expect(tokens.claims()).toMatchObject({ iss: server.url, sub: user.principalId, aud: app.clientId, nonce });
    expect(tokens.refresh_token).toBeTruthy();

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: "invalid_grant",
    });

    const fresh = await oidc.authorizationCodeGrant(
      config,
      await authorize(
        oidc.buildAuthorizationUrl(config, {
          redirect_uri: REDIRECT,
          scope: "iam/principals:read",
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: "S256",
          state,
        }),
      ),
      { pkceCodeVerifier: verifier, expectedState: state },
    );
    const info = await oidc.tokenIntrospection(config, fresh.access_token);
    expect(info).toMatchObject({ active: true, client_id: app.clientId, sub: user.principalId });
    const me = () =>
      fetch(`${server.url}/resources/me`, { headers: { Authorization: `Bearer ${fresh.access_token}` } });
    expect((await me()).status).toBe(200);
    await oidc.tokenRevocation(config, fresh.refresh_token!);
    expect((await me()).status).toBe(401); // the very next request
    expect(await oidc.tokenIntrospection(config, fresh.access_token)).toEqual({ active: false });
  });

  it("serves a public client with PKCE and no secret", async () => {
    const admin = await createAdmin(server.t);
    const pub = await createClient(server.t, admin.token, { tokenEndpointAuthMethod: "none" });
    const config = await oidc.discovery(new URL(server.url), pub.clientId, undefined, oidc.None(), insecure);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: "openid",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
    });
    const tokens = await oidc.authorizationCodeGrant(config, await authorize(url), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.sub).toBe(user.principalId);
  });
});
