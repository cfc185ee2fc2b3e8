import { afterAll, beforeAll, expect } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { authorizeInBrowser, createBrowser } from "../testing/index.ts";
import { s256 } from "../util/pkce.ts";
import { PASSWORD, REDIRECT, createAdmin, createClient, locationParams, postForm, testContexts } from "./fixtures.ts";

export const ISSUER = "http://localhost:8080";
export const VERIFIER = "verifier-".padEnd(60, "x");
/** The platform's clock: a test moves it with `offsetMs` (and puts it back). */
export const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };

// Module bindings are live: a test file that imports these reads, inside its tests, what useTokenPlatform's
// beforeAll set.
export let t: TestPlatform;
export let adminToken: string;
export let app: { clientId: string; secret: string };
export let user: { principalId: string; email: string };

/** IAM and OAuth on `clock` for the calling test file, with an admin, a client and a principal with a password. */
export const useTokenPlatform = () => {
  beforeAll(async () => {
    t = await createTestPlatform(testContexts({ clock, throttle: { addressFreeFailures: 1000 } }));
    adminToken = (await createAdmin(t)).token;
    app = await createClient(t, adminToken);
    user = await createPrincipalWithToken(t, { password: PASSWORD, acl: ["iam/principals:read"] });
  });
  afterAll(() => t.close());
};

/** A token endpoint's success body. */
export type Tokens = {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
  scope?: string;
  id_token?: string;
};

/** Signs `user` in through the pages and returns a fresh authorization code. */
export const codeFor = async (extra: Record<string, string> = {}, clientId = app.clientId) => {
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

/** Redeems `code` as the app (client_secret_post, the verifier of codeFor). */
export const exchange = (code: string, extra: Record<string, string> = {}) =>
  postForm(t, "/oauth/token", {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    client_id: app.clientId,
    client_secret: app.secret,
    code_verifier: VERIFIER,
    ...extra,
  });
export const me = (token: string) => t.request("GET", "/resources/me", { token });
export const errorOf = async (r: Response) => ({ status: r.status, ...((await r.json()) as object) });
