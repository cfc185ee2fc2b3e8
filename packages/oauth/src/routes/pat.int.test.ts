import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createClientWithToken, createPrincipalWithToken } from "@platform/iam/testing";
import { PASSWORD, createAdmin, createClient, postForm, testContexts } from "../test-support/fixtures.ts";

let t: TestPlatform;
let user: { principalId: string; token: string };
let admin: { token: string };
let app: { clientId: string; secret: string };
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
/** One calendar year from now, shifted by `ms`. */
const aYearAhead = (ms: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return new Date(d.getTime() + ms).toISOString();
};

beforeAll(async () => {
  t = await createTestPlatform(testContexts());
  admin = await createAdmin(t);
  app = await createClient(t, admin.token);
  user = await createPrincipalWithToken(t, {
    password: PASSWORD,
    acl: ["iam/principals:read", "graph:*"],
    clientId: app.clientId,
  });
});
afterAll(() => t.close());

const createPat = (body: unknown, opts: { token?: string; clientId?: string; secret?: string } = {}) =>
  t.request("POST", "/me/pat", {
    token: opts.token ?? user.token,
    body,
    headers: { "X-Client-Id": opts.clientId ?? app.clientId, "X-Client-Secret": opts.secret ?? app.secret },
  });

type Pat = {
  keyId: string;
  description: string;
  issuedAt: string;
  expiresAt: string;
  scope: string[];
  active: boolean;
  accessToken: string;
};

describe("POST /me/pat", () => {
  it("creates a PAT (201) whose token works, with no refresh token", async () => {
    const expiresAt = inDays(30);
    const r = await createPat({
      description: "CI deploys",
      scope: "iam/principals:read graph/sending:query",
      expiresAt,
    });
    expect(r.status).toBe(201);
    const pat = (await r.json()) as Pat;
    expect(Object.keys(pat).sort()).toEqual([
      "accessToken",
      "active",
      "description",
      "expiresAt",
      "issuedAt",
      "keyId",
      "scope",
    ]);
    expect(pat).toMatchObject({
      description: "CI deploys",
      expiresAt,
      scope: ["iam/principals:read", "graph/sending:query"],
      active: true,
    });
    expect(Date.parse(pat.issuedAt)).toBeLessThanOrEqual(Date.now());
    const me = await t.request("GET", "/resources/me", { token: pat.accessToken });
    expect(me.status).toBe(200);
    const introspected = (await (
      await postForm(t, "/oauth/introspect", { token: pat.accessToken }, { id: app.clientId, secret: app.secret })
    ).json()) as Record<string, unknown>;
    expect(introspected).toMatchObject({
      active: true,
      sid: pat.keyId,
      session_type: "pat",
      client_id: app.clientId,
      sub: user.principalId,
    });
    expect((introspected.exp as number) * 1000).toBeGreaterThanOrEqual(Date.parse(expiresAt) - 1000);
  });

  it("accepts an expiry just inside one calendar year", async () => {
    const expiresAt = aYearAhead(-60_000);
    const r = await createPat({ description: "yearly", scope: "graph:*", expiresAt });
    expect(r.status).toBe(201);
    expect(((await r.json()) as Pat).expiresAt).toBe(expiresAt);
  });

  it("refuses a scope beyond the caller's", async () => {
    const r = await createPat({ description: "x", scope: "iam/principals:write", expiresAt: inDays(1) });
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");
  });

  it.each([
    ["more than a year ahead", { description: "x", scope: "graph:*", expiresAt: inDays(367) }],
    ["a minute past one calendar year", { description: "x", scope: "graph:*", expiresAt: aYearAhead(60_000) }],
    ["in the past", { description: "x", scope: "graph:*", expiresAt: inDays(-1) }],
    ["not a timestamp", { description: "x", scope: "graph:*", expiresAt: "tomorrow" }],
    ["without a scope", { description: "x", scope: "", expiresAt: inDays(1) }],
  ])("rejects an expiry or scope %s with 400 VALIDATION_FAILED", async (_, body) => {
    const r = await createPat(body);
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_FAILED");
  });

  it("requires the bearer and the client's credentials", async () => {
    const body = { description: "x", scope: "graph:*", expiresAt: inDays(1) };
    expect(
      (
        await t.request("POST", "/me/pat", {
          body,
          headers: { "X-Client-Id": app.clientId, "X-Client-Secret": app.secret },
        })
      ).status,
    ).toBe(401);
    expect((await t.request("POST", "/me/pat", { token: user.token, body })).status).toBe(401);
    const wrong = await createPat(body, { secret: "wrong" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: { code: "UNAUTHENTICATED", message: "invalid client secret" } });
    expect((await createPat(body, { clientId: "nobody" })).status).toBe(401);
    // Client authentication comes before the body: a bad body with a wrong secret is still 401.
    const both = await createPat({ scope: 42 }, { secret: "wrong" });
    expect(both.status).toBe(401);
    expect(((await both.json()) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");
  });
});

describe("A PAT carries no more than the token it is made from", () => {
  const body = (scope: string) => ({ description: "x", scope, expiresAt: inDays(1) });
  const errorOf = async (r: Response) => ({
    status: r.status,
    error: ((await r.json()) as { error: { code: string; message: string } }).error,
  });

  it(
    "a public client has no secret: a session through the portal makes a PAT with X-Client-Id " +
      "alone; a secret sent with it, or a confidential client without its secret, is refused",
    async () => {
      const viaPortal = await createPrincipalWithToken(t, {
        password: PASSWORD,
        acl: ["iam/principals:read"],
        clientId: "portal",
      });
      const body = { description: "from the portal", scope: "iam/principals:read", expiresAt: inDays(7) };
      const send = (token: string, headers: Record<string, string>) =>
        t.request("POST", "/me/pat", { token, body, headers });
      const made = await send(viaPortal.token, { "X-Client-Id": "portal" });
      expect(made.status).toBe(201);
      const pat = (await made.json()) as Pat;
      expect((await t.request("GET", "/resources/iam/principals?limit=1", { token: pat.accessToken })).status).toBe(
        200,
      );
      expect((await send(viaPortal.token, { "X-Client-Id": "portal", "X-Client-Secret": "anything" })).status).toBe(
        401,
      );
      // A confidential client still proves itself; naming the portal does not lend its token the portal's way in.
      expect((await send(user.token, { "X-Client-Id": app.clientId })).status).toBe(401);
      expect((await send(user.token, { "X-Client-Id": "portal" })).status).toBe(403);
      expect((await send(viaPortal.token, {})).status).toBe(401);
    },
  );

  it("needs me/pat:write in the source token's scope", async () => {
    const narrow = await createPrincipalWithToken(t, { acl: ["graph:*"], scope: ["graph:*"], clientId: app.clientId });
    expect(await errorOf(await createPat(body("graph:*"), { token: narrow.token }))).toEqual({
      status: 403,
      error: { code: "FORBIDDEN", message: "Requires me/pat:write" },
    });
    const withMe = await createPrincipalWithToken(t, {
      acl: ["graph:*"],
      scope: ["graph:*", "me/pat:write"],
      clientId: app.clientId,
    });
    expect((await createPat(body("graph:*"), { token: withMe.token })).status).toBe(201);
  });

  it("limits the PAT's scope to the source token's scope, not the identity's", async () => {
    const scoped = await createPrincipalWithToken(t, {
      acl: ["graph:*", "iam/principals:read"],
      scope: ["graph:*", "me:*"],
      clientId: app.clientId,
    });
    const r = await errorOf(await createPat(body("iam/principals:read"), { token: scoped.token }));
    expect(r).toMatchObject({ status: 403, error: { code: "FORBIDDEN" } });
  });

  it("refuses a PAT as the source", async () => {
    const pat = (await (await createPat(body("graph:* me:*"))).json()) as Pat;
    expect(pat.scope).toEqual(["graph:*", "me:*"]);
    expect(await errorOf(await createPat(body("graph:*"), { token: pat.accessToken }))).toEqual({
      status: 403,
      error: { code: "FORBIDDEN", message: "A personal access token cannot create another one" },
    });
  });

  it("refuses a client_credentials token as the source", async () => {
    const svc = await createClient(t, admin.token, {
      redirectUris: [],
      grantTypes: ["client_credentials"],
      scopes: ["graph:*", "me:*"],
    });
    const tokenRes = await postForm(
      t,
      "/oauth/token",
      { grant_type: "client_credentials" },
      { id: svc.clientId, secret: svc.secret },
    );
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const r = await errorOf(await createPat(body("graph:*"), { token, clientId: svc.clientId, secret: svc.secret }));
    expect(r).toEqual({
      status: 403,
      error: { code: "FORBIDDEN", message: "Only a principal's own token can create a personal access token" },
    });
  });

  it("requires X-Client-Id to be the client the bearer's session belongs to", async () => {
    const other = await createClient(t, admin.token);
    const r = await errorOf(await createPat(body("graph:*"), { clientId: other.clientId, secret: other.secret }));
    expect(r).toEqual({
      status: 403,
      error: { code: "FORBIDDEN", message: "X-Client-Id must be the client your token was issued to" },
    });
    const unbound = await createPrincipalWithToken(t, { acl: ["graph:*"] });
    expect((await createPat(body("graph:*"), { token: unbound.token })).status).toBe(403);
    const sessions = (await (
      await t.request("GET", `/resources/iam/principals/${user.principalId}/sessions`, { token: admin.token })
    ).json()) as { clientId: string | null; type: string }[];
    expect(sessions.filter((s) => s.type === "pat" && s.clientId === other.clientId)).toEqual([]);
  });
});

describe("DELETE /me/pat/{id}", () => {
  it("revokes the PAT at once (204); others' PATs are not found", async () => {
    const pat = (await (
      await createPat({ description: "temp", scope: "graph:*", expiresAt: inDays(1) })
    ).json()) as Pat;
    const stranger = await createClientWithToken(t, { scopes: ["graph:*"] });
    expect((await t.request("DELETE", `/me/pat/${pat.keyId}`, { token: stranger.token })).status).toBe(404);
    expect((await t.request("DELETE", `/me/pat/not-a-uuid`, { token: user.token })).status).toBe(404);
    const r = await t.request("DELETE", `/me/pat/${pat.keyId}`, { token: user.token });
    expect(r.status).toBe(204);
    expect((await t.request("GET", "/resources/me", { token: pat.accessToken })).status).toBe(401);
  });

  it("does not delete a session that is not a PAT", async () => {
    const other = await createPrincipalWithToken(t, { password: PASSWORD });
    const sessions = (await (await t.request("GET", "/resources/me", { token: other.token })).json()) as {
      sessionId?: string;
    };
    const id = sessions.sessionId ?? other.sessionId;
    expect((await t.request("DELETE", `/me/pat/${id}`, { token: other.token })).status).toBe(404);
    expect((await t.request("GET", "/resources/me", { token: other.token })).status).toBe(200);
  });
});
