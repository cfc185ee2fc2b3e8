import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  testContexts,
} from "../test-support/fixtures.ts";

/** The OAuth error mapping (packages/oauth/README.md, "Token endpoint"), one case each, with exact body and status. */
let t: TestPlatform;
let adminToken: string;
let app: { clientId: string; secret: string };
let user: { email: string };

beforeAll(async () => {
  t = await createTestPlatform(testContexts());
  adminToken = (await createAdmin(t)).token;
  app = await createClient(t, adminToken);
  user = await createPrincipalWithToken(t, { password: PASSWORD, acl: ["iam/principals:read"] });
});
afterAll(() => t.close());

const answer = async (r: Response) => ({
  status: r.status,
  cacheControl: r.headers.get("cache-control"),
  body: await r.json(),
});
const oauthError = (status: number, error: string, description: string) => ({
  status,
  cacheControl: "no-store",
  body: { error, error_description: description },
});

/** A code for `clientId` through the pages, without PKCE (a confidential client's plain code flow). */
const plainCode = async (clientId: string) => {
  const r = await authorizeInBrowser(
    createBrowser(t),
    { response_type: "code", client_id: clientId, redirect_uri: REDIRECT, scope: "iam/principals:read", state: "s" },
    { email: user.email, password: PASSWORD },
  );
  expect(r.status).toBe(302);
  return locationParams(r).get("code")!;
};

describe("invalid_client", () => {
  it("'invalid client' for an unknown client, by Basic (with WWW-Authenticate) and by form", async () => {
    const basic = await postForm(
      t,
      "/oauth/token",
      { grant_type: "client_credentials" },
      { id: "nobody", secret: "x" },
    );
    expect(basic.headers.get("www-authenticate")).toMatch(/^Basic /);
    expect(await answer(basic)).toEqual(oauthError(401, "invalid_client", "invalid client"));
    expect(
      await answer(
        await postForm(t, "/oauth/token", {
          grant_type: "client_credentials",
          client_id: "nobody",
          client_secret: "x",
        }),
      ),
    ).toEqual(oauthError(401, "invalid_client", "invalid client"));
  });

  it("'invalid client secret' for a deleted (revoked) secret and for a confidential client sending none", async () => {
    const c = await createClient(t, adminToken);
    const secrets = (await (
      await t.request("GET", `/resources/iam/clients/${c.clientId}/secrets`, { token: adminToken })
    ).json()) as { id: string }[];
    expect(secrets).toHaveLength(1);
    expect(
      (
        await t.request("DELETE", `/resources/iam/clients/${c.clientId}/secrets/${secrets[0]!.id}`, {
          token: adminToken,
        })
      ).status,
    ).toBe(204);
    const deleted = await postForm(
      t,
      "/oauth/token",
      { grant_type: "refresh_token", refresh_token: "x" },
      { id: c.clientId, secret: c.secret },
    );
    expect(await answer(deleted)).toEqual(oauthError(401, "invalid_client", "invalid client secret"));
    const none = await postForm(t, "/oauth/token", {
      grant_type: "authorization_code",
      code: "x",
      redirect_uri: REDIRECT,
      client_id: app.clientId,
    });
    expect(await answer(none)).toEqual(oauthError(401, "invalid_client", "invalid client secret"));
  });

  it("introspection without any client authentication", async () => {
    expect(await answer(await postForm(t, "/oauth/introspect", { token: "x" }))).toEqual(
      oauthError(401, "invalid_client", "Client authentication is required"),
    );
  });
});

describe("invalid_grant 'invalid redirect URI'", () => {
  it("when the token request leaves the redirect URI out", async () => {
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "authorization_code", code: await plainCode(app.clientId) },
      { id: app.clientId, secret: app.secret },
    );
    expect(await answer(r)).toEqual(oauthError(400, "invalid_grant", "invalid redirect URI"));
  });
});

describe("unauthorized_client 'unsupported grant type'", () => {
  it("for refresh_token on a client without that grant", async () => {
    const c = await createClient(t, adminToken, { grantTypes: ["authorization_code"] });
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "refresh_token", refresh_token: "x" },
      { id: c.clientId, secret: c.secret },
    );
    expect(await answer(r)).toEqual(oauthError(400, "unauthorized_client", "unsupported grant type"));
  });

  it("for authorization_code on a service account", async () => {
    const svc = await createClientWithToken(t, { scopes: ["graph:*"] });
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "authorization_code", code: "x", redirect_uri: REDIRECT },
      { id: svc.clientId, secret: svc.secret },
    );
    expect(await answer(r)).toEqual(oauthError(400, "unauthorized_client", "unsupported grant type"));
  });

  it("for client_credentials asked by a public client", async () => {
    const pub = await createClient(t, adminToken, { tokenEndpointAuthMethod: "none" });
    const r = await postForm(t, "/oauth/token", { grant_type: "client_credentials", client_id: pub.clientId });
    expect(await answer(r)).toEqual(oauthError(400, "unauthorized_client", "unsupported grant type"));
  });
});

describe("unsupported_grant_type", () => {
  it.each(["password", "implicit", "urn:ietf:params:oauth:grant-type:device_code"])("for %s", async (grant) => {
    const r = await postForm(t, "/oauth/token", { grant_type: grant }, { id: app.clientId, secret: app.secret });
    expect(await answer(r)).toEqual(oauthError(400, "unsupported_grant_type", `Grant type ${grant} is not supported`));
  });
});

describe("method and grant edge cases", () => {
  it.each(["/oauth/token", "/oauth/revoke", "/oauth/introspect"])(
    "answers GET %s with 405 in RFC 6749 form",
    async (path) => {
      const r = await t.request("GET", path);
      expect(r.headers.get("allow")).toBe("POST");
      expect(await answer(r)).toEqual(oauthError(405, "invalid_request", "GET is not allowed here; use POST"));
    },
  );

  it("never gives client_credentials a refresh token, even to a client with the refresh_token grant", async () => {
    const c = await createClient(t, adminToken, {
      grantTypes: ["authorization_code", "client_credentials", "refresh_token"],
      scopes: ["graph:*"],
    });
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "client_credentials" },
      { id: c.clientId, secret: c.secret },
    );
    expect(r.status).toBe(200);
    const body = (await r.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["access_token", "expires_in", "scope", "token_type"]);
  });

  it("refuses a code without PKCE once its client has become public (PKCE is all a public client proves)", async () => {
    const c = await createClient(t, adminToken);
    const code = await plainCode(c.clientId);
    const get = await t.request("GET", `/resources/iam/clients/${c.clientId}`, { token: adminToken });
    const patch = await t.request("PATCH", `/resources/iam/clients/${c.clientId}`, {
      token: adminToken,
      body: { tokenEndpointAuthMethod: "none" },
      headers: { "If-Match": get.headers.get("etag")! },
    });
    expect(patch.status).toBe(200);
    const r = await postForm(t, "/oauth/token", {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: c.clientId,
    });
    expect(await answer(r)).toEqual(oauthError(400, "invalid_grant", "PKCE is required for public clients"));
  });
});
