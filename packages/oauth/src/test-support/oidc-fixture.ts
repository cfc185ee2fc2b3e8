import { afterAll, beforeAll, expect } from "vitest";
import * as oidc from "openid-client";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { startTestServer } from "@platform/http/testing";
import type { TestServer } from "@platform/http/testing";
import { authorizeInBrowser, createBrowser } from "../testing/index.ts";
import type { TestBrowser } from "../testing/index.ts";
import { PASSWORD, REDIRECT, createAdmin, createClient, testContexts } from "./fixtures.ts";

// Module bindings are live: a test file that imports these reads, inside its tests, what useOidcServer's beforeAll
// set.
export let server: TestServer;
export let app: { clientId: string; secret: string };
export let user: { principalId: string; email: string };
export let admin: { token: string };
/** The seconds between which the principal's properties last changed (the PATCH below). */
export let patchedWithin: [number, number];
export const insecure = { execute: [oidc.allowInsecureRequests] };
export const PHONE = "+4930123456";
export const PICTURE = "https://cdn.example.test/ann.png";

/**
 * A server with IAM and OAuth for the calling test file: a client for every OIDC scope and a principal with a
 * password, whose phone and picture were then set.
 */
export const useOidcServer = () => {
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
};

export const config = () =>
  oidc.discovery(new URL(server.url), app.clientId, app.secret, oidc.ClientSecretBasic(app.secret), insecure);

/** Through the login (once per browser) and consent pages; the callback URL. */
export const authorize = async (browser: TestBrowser, url: URL) => {
  const r = await authorizeInBrowser(browser, Object.fromEntries(url.searchParams), {
    email: user.email,
    password: PASSWORD,
  });
  expect(r.status).toBe(302);
  return new URL(r.headers.get("location")!);
};

/** Signs `user` in with openid-client (PKCE and nonce) for `scope` in `browser`; its tokens checked by the library. */
export const signInWith = async (
  scope: string,
  browser = createBrowser(server.t),
  extra: Record<string, string> = {},
) => {
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
