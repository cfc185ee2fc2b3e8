import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import { call as send, createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { authorizeInBrowser, createBrowser } from "../testing/index.ts";
import type { TestBrowser } from "../testing/index.ts";
import {
  PASSWORD,
  REDIRECT,
  createAdmin,
  createClient,
  locationParams,
  testContexts,
} from "../test-support/fixtures.ts";

/**
 * A client with no scopes carries its users' full permissions, so the
 * escalation checks count it as holding everything; and consents end when the client's
 * redirect URIs change or the client is deleted.
 */
let t: TestPlatform;
let owner: { token: string };
let limited: { token: string };
let user: { principalId: string; email: string };
beforeAll(async () => {
  t = await createTestPlatform(testContexts());
  owner = await createAdmin(t);
  limited = await createPrincipalWithToken(t, { acl: ["iam/clients:*", "iam/principals:read"] });
  user = await createPrincipalWithToken(t, { password: PASSWORD, roles: ["system:owner"] });
});
afterAll(() => t.close());

/** A call with `token` (the shared test client, @platform/http/testing). */
const call = (method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) =>
  send(t, method, path, { token, body, headers });
const interactive = (scopes: string[], redirectUris = [REDIRECT]) => ({
  name: "Web",
  redirectUris,
  grantTypes: ["authorization_code", "refresh_token"],
  scopes,
  tokenEndpointAuthMethod: "client_secret_basic",
});
const consentsOf = async (clientId: string) =>
  Number(
    (
      await t.platform.db.pool.query<{ n: string }>("SELECT count(*) AS n FROM oauth_consents WHERE client_id = $1", [
        clientId,
      ])
    ).rows[0]!.n,
  );

describe("A client with no scopes counts as holding everything", () => {
  it(
    "refuses a limited administrator a new interactive client without scopes (PUT and POST " + "/iam/clients)",
    async () => {
      const put = await call("PUT", `/resources/iam/clients/open-${newId()}`, limited.token, {
        properties: interactive([]),
      });
      expect({ status: put.status, code: put.body.error.code }).toEqual({ status: 403, code: "FORBIDDEN" });
      const post = await call("POST", "/iam/clients", limited.token, {
        name: "x",
        redirect_uris: [REDIRECT],
        grant_types: ["authorization_code"],
      });
      expect({ status: post.status, code: post.body.error.code }).toEqual({ status: 403, code: "FORBIDDEN" });
      // With scopes it holds, or as a service account (its roles are all it carries), it may.
      expect(
        (
          await call("PUT", `/resources/iam/clients/scoped-${newId()}`, limited.token, {
            properties: interactive(["openid", "iam/principals:read"]),
          })
        ).status,
      ).toBe(201);
      const svc = {
        name: "svc",
        redirectUris: [],
        grantTypes: ["client_credentials"],
        scopes: [],
        tokenEndpointAuthMethod: "client_secret_basic",
      };
      expect(
        (await call("PUT", `/resources/iam/clients/svc-${newId()}`, limited.token, { properties: svc })).status,
      ).toBe(201);
    },
  );

  it(
    "refuses a limited administrator any write to an owner's client without scopes, and " +
      "emptying a client's scopes",
    async () => {
      const id = `open-${newId()}`;
      const created = await call("PUT", `/resources/iam/clients/${id}`, owner.token, { properties: interactive([]) });
      expect(created.status).toBe(201);
      const headers = { "If-Match": created.etag };
      const attempts = [
        await call("POST", `/resources/iam/clients/${id}/secrets`, limited.token, { description: "mine" }),
        await call(
          "PATCH",
          `/resources/iam/clients/${id}`,
          limited.token,
          { redirectUris: ["https://evil.example/cb"] },
          headers,
        ),
        await call(
          "PUT",
          `/resources/iam/clients/${id}`,
          limited.token,
          { properties: interactive([], ["https://evil.example/cb"]) },
          headers,
        ),
        await call("POST", `/resources/iam/clients/${id}/suspend`, limited.token, undefined, headers),
        await call("DELETE", `/resources/iam/clients/${id}`, limited.token),
      ];
      expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 403, 403]);
      expect((await call("GET", `/resources/iam/clients/${id}`, owner.token)).etag).toBe(created.etag);
      expect((await call("GET", `/resources/iam/clients/${id}/secrets`, owner.token)).body).toEqual([]);

      const own = `scoped-${newId()}`;
      const mine = await call("PUT", `/resources/iam/clients/${own}`, limited.token, {
        properties: interactive(["iam/principals:read"]),
      });
      const emptied = await call(
        "PATCH",
        `/resources/iam/clients/${own}`,
        limited.token,
        { scopes: [] },
        { "If-Match": mine.etag },
      );
      expect(emptied.status).toBe(403);
    },
  );
});

describe("Consents end with the client's redirect URIs", () => {
  const request = (clientId: string, redirectUri = REDIRECT, scope?: string) => ({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    state: "s",
    ...(scope ? { scope } : {}),
  });
  /** What a signed-in browser gets from /oauth/authorize: "code" (consent remembered) or "consent" (the page). */
  const outcome = async (browser: TestBrowser, q: Record<string, string>) => {
    const r = await browser.get(`/oauth/authorize?${new URLSearchParams(q)}`);
    if (r.status === 302 && locationParams(r).get("code")) return "code";
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('name="decision"');
    return "consent";
  };
  const consented = async (clientId: string, scope?: string) => {
    const browser = createBrowser(t);
    const first = await authorizeInBrowser(browser, request(clientId, REDIRECT, scope), {
      email: user.email,
      password: PASSWORD,
    });
    expect(first.status).toBe(302);
    expect(await outcome(browser, request(clientId, REDIRECT, scope))).toBe("code");
    return browser;
  };

  it(
    "keeps a consent through an edit that leaves the redirect URIs alone, and clears it when " + "they change",
    async () => {
      const app = await createClient(t, owner.token, { scopes: ["openid", "iam/principals:read"] });
      const browser = await consented(app.clientId, "openid");
      const path = `/resources/iam/clients/${app.clientId}`;
      const renamed = await call(
        "PATCH",
        path,
        owner.token,
        { description: "renamed" },
        { "If-Match": (await call("GET", path, owner.token)).etag },
      );
      expect(renamed.status).toBe(200);
      expect(await outcome(browser, request(app.clientId, REDIRECT, "openid"))).toBe("code");
      const moved = await call(
        "PATCH",
        path,
        owner.token,
        { redirectUris: [REDIRECT, "https://other.example/cb"] },
        { "If-Match": renamed.etag },
      );
      expect(moved.status).toBe(200);
      expect(await consentsOf(app.clientId)).toBe(0);
      expect(await outcome(browser, request(app.clientId, REDIRECT, "openid"))).toBe("consent");
    },
  );

  it("clears consents when the client is deleted: a new client of the same id asks again", async () => {
    const id = `app-${newId()}`;
    await createClient(t, owner.token, { id, scopes: ["openid"] });
    const browser = await consented(id, "openid");
    expect(await consentsOf(id)).toBe(1);
    expect((await call("DELETE", `/resources/iam/clients/${id}`, owner.token)).status).toBe(204);
    expect(await consentsOf(id)).toBe(0);
    await createClient(t, owner.token, { id, scopes: ["openid"] });
    expect(await outcome(browser, request(id, REDIRECT, "openid"))).toBe("consent");
  });

  it("remembers a full-access consent (no scope asked, none configured) on either engine", async () => {
    const app = await createClient(t, owner.token, { scopes: [] });
    await consented(app.clientId);
    expect(await consentsOf(app.clientId)).toBe(1);
  });
});
