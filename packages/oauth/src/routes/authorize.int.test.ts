import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { authorizeInBrowser, createBrowser, hiddenField } from "../testing/index.ts";
import {
  PASSWORD,
  REDIRECT,
  createAdmin,
  createClient,
  locationParams,
  suspend,
  testContexts,
} from "../test-support/fixtures.ts";
import { s256 } from "../util/pkce.ts";

const ISSUER = "http://localhost:8080";
let t: TestPlatform;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let app: { clientId: string; secret: string };
let user: { principalId: string; email: string };

beforeAll(async () => {
  t = await createTestPlatform(
    testContexts({ throttle: { freeFailures: 3, addressFreeFailures: 1000, baseDelayMs: 2000, maxDelayMs: 2000 } }),
  );
  admin = await createAdmin(t);
  app = await createClient(t, admin.token);
  user = await createPrincipalWithToken(t, { password: PASSWORD, acl: ["iam/principals:read"] });
});
afterAll(() => t.close());

const query = (extra: Record<string, string> = {}) => ({
  response_type: "code",
  client_id: app.clientId,
  redirect_uri: REDIRECT,
  scope: "openid iam/principals:read",
  state: "st-1",
  code_challenge: s256("v".repeat(50)),
  code_challenge_method: "S256",
  ...extra,
});
const authorizePath = (q: Record<string, string>) => `/oauth/authorize?${new URLSearchParams(q)}`;

describe("GET /oauth/authorize: requests that cannot go back to the client", () => {
  it.each([
    ["an unknown client", () => query({ client_id: "nobody" })],
    ["an unregistered redirect URI", () => query({ redirect_uri: "https://evil.example/callback" })],
    ["a redirect URI that only shares a prefix", () => query({ redirect_uri: `${REDIRECT}/x` })],
    ["a redirect URI with a trailing slash", () => query({ redirect_uri: `${REDIRECT}/` })],
    ["a redirect URI in other letter case", () => query({ redirect_uri: REDIRECT.toUpperCase() })],
    ["a redirect URI with an extra query", () => query({ redirect_uri: `${REDIRECT}?next=/admin` })],
    ["a missing redirect URI", () => Object.fromEntries(Object.entries(query()).filter(([k]) => k !== "redirect_uri"))],
  ])("answers %s with an HTML error page (400), never a redirect", async (_, q) => {
    const r = await t.request("GET", authorizePath(q()));
    expect(r.status).toBe(400);
    expect(r.headers.get("location")).toBeNull();
    expect(r.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await r.text()).toMatch(/invalid (client|redirect URI)/);
  });

  it("refuses a suspended client with the error page", async () => {
    const other = await createClient(t, admin.token);
    await suspend(t, admin.token, "clients", other.clientId);
    const r = await t.request("GET", authorizePath(query({ client_id: other.clientId })));
    expect(r.status).toBe(400);
    expect(await r.text()).toContain("invalid client");
  });
});

describe("GET /oauth/authorize: errors sent back to the client", () => {
  it.each([
    ["response_type=token", { response_type: "token" }, "unsupported_response_type"],
    ["a plain PKCE method", { code_challenge_method: "plain" }, "invalid_request"],
    ["a scope outside the client's", { scope: "openid iam/roles:write" }, "invalid_scope"],
  ])("redirects %s with error, state and iss", async (_, extra, error) => {
    const r = await t.request("GET", authorizePath(query(extra)));
    expect(r.status).toBe(302);
    const p = locationParams(r);
    expect(r.headers.get("location")!.startsWith(`${REDIRECT}?`)).toBe(true);
    expect(Object.fromEntries(p)).toMatchObject({ error, state: "st-1", iss: ISSUER });
  });

  it("requires PKCE from a public client", async () => {
    const pub = await createClient(t, admin.token, { tokenEndpointAuthMethod: "none" });
    const { code_challenge: _c, code_challenge_method: _m, ...noPkce } = query({ client_id: pub.clientId });
    const r = await t.request("GET", authorizePath(noPkce));
    expect(locationParams(r).get("error")).toBe("invalid_request");
  });

  it("answers prompt=none without a signed-in browser with login_required", async () => {
    const r = await t.request("GET", authorizePath(query({ prompt: "none" })));
    expect(locationParams(r).get("error")).toBe("login_required");
  });
});

describe("login page", () => {
  it("redirects a browser without a session (303) to an accessible, frame-proof login form", async () => {
    const browser = createBrowser(t);
    const r = await browser.get(authorizePath(query()));
    expect(r.status).toBe(303);
    expect(r.headers.get("location")!.startsWith(`${ISSUER}/oauth/login?`)).toBe(true);
    const page = await browser.get(browser.follow(r));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toMatch(/<label for="email">/);
    expect(html).toMatch(/<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<label for="password">/);
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(html).toContain('<button type="submit">');
    expect(hiddenField(html, "csrf")).toMatch(/^[\w-]{20,}$/);
    const csrfCookie = page.headers.getSetCookie().find((c) => c.startsWith("oauth_csrf="))!;
    expect(csrfCookie).toMatch(/HttpOnly/);
    expect(csrfCookie).toMatch(/SameSite=Lax/);
  });

  it("refuses a login post without the CSRF token", async () => {
    const browser = createBrowser(t);
    await browser.get(browser.follow(await browser.get(authorizePath(query()))));
    const r = await browser.post("/oauth/login", {
      request: new URLSearchParams(query()).toString(),
      email: user.email,
      password: PASSWORD,
      csrf: "forged",
    });
    expect(r.status).toBe(403);
    expect(browser.jar.has("oauth_session")).toBe(false);
  });

  it("says the same thing for an unknown email and a wrong password", async () => {
    const wrong = await authorizeInBrowser(createBrowser(t), query(), {
      email: user.email,
      password: "Wrong-password-1",
    });
    const unknown = await authorizeInBrowser(createBrowser(t), query(), {
      email: `nobody-${newId()}@example.test`,
      password: PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    const a = await wrong.text();
    const b = await unknown.text();
    expect(a).toContain("Incorrect email or password.");
    expect(b).toContain("Incorrect email or password.");
    expect(a).toMatch(/role="alert"/);
  });

  it("tells a suspended principal its account is suspended", async () => {
    const p = await createPrincipalWithToken(t, { password: PASSWORD });
    await suspend(t, admin.token, "principals", p.principalId);
    const r = await authorizeInBrowser(createBrowser(t), query(), { email: p.email, password: PASSWORD });
    expect(r.status).toBe(403);
    expect(await r.text()).toContain("Account has been suspended");
  });

  it("slows down repeated failures for one account (no lockout: waiting works)", async () => {
    const p = await createPrincipalWithToken(t, { password: PASSWORD });
    for (let i = 0; i < 3; i++)
      expect(
        (await authorizeInBrowser(createBrowser(t), query(), { email: p.email, password: "Wrong-password-1" })).status,
      ).toBe(400);
    const slowed = await authorizeInBrowser(createBrowser(t), query(), { email: p.email, password: PASSWORD });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await slowed.text()).toContain("Too many failed sign-in attempts");
    // After the delay the right password works again (signed in, consented → 302 with a code).
    await expect
      .poll(
        async () =>
          (await authorizeInBrowser(createBrowser(t), query(), { email: p.email, password: PASSWORD })).status,
        { timeout: 8000, interval: 250 },
      )
      .toBe(302);
  });
});

describe("consent", () => {
  it("lists the scopes; deny → access_denied; allow → code, state and iss; then consent is skipped", async () => {
    const p = await createPrincipalWithToken(t, { password: PASSWORD, acl: ["iam/principals:read"] });
    const browser = createBrowser(t);
    const denied = await authorizeInBrowser(browser, query(), { email: p.email, password: PASSWORD }, "deny");
    expect(denied.status).toBe(302);
    expect(Object.fromEntries(locationParams(denied))).toMatchObject({
      error: "access_denied",
      state: "st-1",
      iss: ISSUER,
    });

    const page = await browser.get(authorizePath(query()));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("iam/principals:read");
    expect(html).toContain('<button type="submit" name="decision" value="allow">');
    expect(html).toContain('name="decision" value="deny"');
    const allowed = await browser.post("/oauth/consent", {
      csrf: hiddenField(html, "csrf")!,
      request: hiddenField(html, "request")!,
      decision: "allow",
    });
    expect(allowed.status).toBe(302);
    const params = locationParams(allowed);
    expect(params.get("code")).toMatch(/^[\w-]{40,}$/);
    expect(params.get("state")).toBe("st-1");
    expect(params.get("iss")).toBe(ISSUER);

    const again = await browser.get(authorizePath(query({ state: "st-2" })));
    expect(again.status).toBe(302);
    expect(locationParams(again).get("state")).toBe("st-2");
    expect(locationParams(again).get("code")).not.toBe(params.get("code"));

    const wider = await browser.get(authorizePath(query({ scope: "openid email iam/principals:read" })));
    expect(wider.status).toBe(200);
    expect(await wider.text()).toContain('value="allow"');
  });

  it("refuses a consent post without the CSRF token", async () => {
    const browser = createBrowser(t);
    await authorizeInBrowser(browser, query({ scope: "profile" }), { email: user.email, password: PASSWORD }, "deny");
    const r = await browser.post("/oauth/consent", {
      csrf: "forged",
      request: new URLSearchParams(query({ scope: "profile" })).toString(),
      decision: "allow",
    });
    expect(r.status).toBe(403);
    expect(r.headers.get("location")).toBeNull();
  });
});

describe("browser sessions", () => {
  it("ignores a session cookie whose signature does not match", async () => {
    const p = await createPrincipalWithToken(t, { password: PASSWORD, acl: ["iam/principals:read"] });
    const browser = createBrowser(t);
    expect((await authorizeInBrowser(browser, query(), { email: p.email, password: PASSWORD })).status).toBe(302);
    const cookie = browser.jar.header();
    const get = (Cookie: string) => t.request("GET", authorizePath(query()), { headers: { Cookie } });
    expect((await get(cookie)).status).toBe(302);
    const forged = cookie.replace(/oauth_session=([^.;]+)\.([^;]+)/, "oauth_session=$1A.$2");
    const unsigned = cookie.replace(/oauth_session=([^.;]+)\.[^;]+/, "oauth_session=$1");
    expect(forged).not.toBe(cookie);
    expect(unsigned).not.toBe(cookie);
    expect((await get(forged)).status).toBe(303);
    expect((await get(unsigned)).status).toBe(303);
  });

  it("asks a signed-in browser to sign in again with prompt=login, and after its principal is suspended", async () => {
    const p = await createPrincipalWithToken(t, { password: PASSWORD, acl: ["iam/principals:read"] });
    const browser = createBrowser(t);
    expect((await authorizeInBrowser(browser, query(), { email: p.email, password: PASSWORD })).status).toBe(302);
    expect((await browser.get(authorizePath(query()))).status).toBe(302);
    expect((await browser.get(authorizePath(query({ prompt: "login" })))).status).toBe(303);
    const none = await browser.get(authorizePath(query({ prompt: "none" })));
    expect(locationParams(none).get("code")).toBeTruthy();
    await suspend(t, admin.token, "principals", p.principalId);
    const after = await browser.get(authorizePath(query()));
    expect(after.status).toBe(303);
    expect(
      after.headers.getSetCookie().some((c) => c.startsWith("oauth_session=;") || /oauth_session=.*Max-Age=0/.test(c)),
    ).toBe(true);
  });
});
