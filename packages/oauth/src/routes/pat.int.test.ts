import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/gateway/testing";
import type { TestPlatform } from "@platform/gateway/testing";
import { createClientWithToken, createPrincipalWithToken } from "@platform/iam/testing";
import { PASSWORD, createAdmin, createClient, postForm, testContexts } from "../test-support/fixtures.ts";

let t: TestPlatform;
let user: { principalId: string; token: string };
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
  const admin = await createAdmin(t);
  app = await createClient(t, admin.token);
  user = await createPrincipalWithToken(t, { password: PASSWORD, acl: ["iam/principals:read", "graph:*"] });
});
afterAll(() => t.close());

const createPat = (body: unknown, opts: { token?: string; clientId?: string; secret?: string } = {}) =>
  t.request("POST", "/me/pat", {
    token: opts.token ?? user.token,
    body,
    headers: { "X-Client-Id": opts.clientId ?? app.clientId, "X-Client-Secret": opts.secret ?? app.secret },
  });

type Pat = { keyId: string; description: string; issuedAt: string; expiresAt: string; scope: string[]; active: boolean; accessToken: string };

describe("POST /me/pat", () => {
  it("creates a PAT (201) whose token works, with no refresh token", async () => {
    const expiresAt = inDays(30);
    const r = await createPat({ description: "CI deploys", scope: "iam/principals:read graph/sending:query", expiresAt });
    expect(r.status).toBe(201);
    const pat = (await r.json()) as Pat;
    expect(Object.keys(pat).sort()).toEqual(["accessToken", "active", "description", "expiresAt", "issuedAt", "keyId", "scope"]);
    expect(pat).toMatchObject({ description: "CI deploys", expiresAt, scope: ["iam/principals:read", "graph/sending:query"], active: true });
    expect(Date.parse(pat.issuedAt)).toBeLessThanOrEqual(Date.now());
    const me = await t.request("GET", "/resources/me", { token: pat.accessToken });
    expect(me.status).toBe(200);
    const introspected = (await (await postForm(t, "/oauth/introspect", { token: pat.accessToken }, { id: app.clientId, secret: app.secret })).json()) as Record<string, unknown>;
    expect(introspected).toMatchObject({ active: true, sid: pat.keyId, session_type: "pat", client_id: app.clientId, sub: user.principalId });
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
    expect((await t.request("POST", "/me/pat", { body, headers: { "X-Client-Id": app.clientId, "X-Client-Secret": app.secret } })).status).toBe(401);
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

describe("DELETE /me/pat/{id}", () => {
  it("revokes the PAT at once (204); others' PATs are not found", async () => {
    const pat = (await (await createPat({ description: "temp", scope: "graph:*", expiresAt: inDays(1) })).json()) as Pat;
    const stranger = await createClientWithToken(t, { scopes: ["graph:*"] });
    expect((await t.request("DELETE", `/me/pat/${pat.keyId}`, { token: stranger.token })).status).toBe(404);
    expect((await t.request("DELETE", `/me/pat/not-a-uuid`, { token: user.token })).status).toBe(404);
    const r = await t.request("DELETE", `/me/pat/${pat.keyId}`, { token: user.token });
    expect(r.status).toBe(204);
    expect((await t.request("GET", "/resources/me", { token: pat.accessToken })).status).toBe(401);
  });

  it("does not delete a session that is not a PAT", async () => {
    const other = await createPrincipalWithToken(t, { password: PASSWORD });
    const sessions = (await (await t.request("GET", "/resources/me", { token: other.token })).json()) as { sessionId?: string };
    const id = sessions.sessionId ?? other.sessionId;
    expect((await t.request("DELETE", `/me/pat/${id}`, { token: other.token })).status).toBe(404);
    expect((await t.request("GET", "/resources/me", { token: other.token })).status).toBe(200);
  });
});
