import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { authorizeInBrowser, createBrowser, hiddenField } from "../testing/index.ts";
import type { TestBrowser } from "../testing/index.ts";
import {
  PASSWORD,
  REDIRECT,
  createAdmin,
  createClient,
  locationParams,
  testContexts,
} from "../test-support/fixtures.ts";
import { s256 } from "../util/pkce.ts";

let t: TestPlatform;
let admin: { token: string };
let query: Record<string, string>;

beforeAll(async () => {
  t = await createTestPlatform(testContexts());
  admin = await createAdmin(t);
  const app = await createClient(t, admin.token);
  query = {
    response_type: "code",
    client_id: app.clientId,
    redirect_uri: REDIRECT,
    scope: "openid",
    state: "s",
    code_challenge: s256("v".repeat(43)),
    code_challenge_method: "S256",
  };
});
afterAll(() => t.close());

const authorizePath = (extra: Record<string, string> = {}) =>
  `/oauth/authorize?${new URLSearchParams({ ...query, ...extra })}`;

/**
 * A browser signed in as a new principal (consented once, so a live sign-in answers /oauth/authorize with a code at
 * once).
 */
const signedIn = async () => {
  const p = await createPrincipalWithToken(t, { password: PASSWORD });
  const browser = createBrowser(t);
  const first = await authorizeInBrowser(browser, query, { email: p.email, password: PASSWORD });
  expect(first.status).toBe(302);
  expect(browser.jar.has("oauth_session")).toBe(true);
  await expectSignedIn(browser);
  return { p, browser };
};

const expectSignedIn = async (browser: TestBrowser) => {
  const r = await browser.get(authorizePath());
  expect(r.status).toBe(302);
  expect(locationParams(r).get("code")).toEqual(expect.any(String));
};

/** The next authorization asks for the password again. */
const expectSignedOut = async (browser: TestBrowser) => {
  const r = await browser.get(authorizePath());
  expect(r.status).toBe(303);
  expect(new URL(r.headers.get("location")!).pathname).toBe("/oauth/login");
};

const browserSessionsOf = async (principalId: string) =>
  Number(
    (
      await t.platform.db.pool.query<{ n: string | number }>(
        "SELECT count(*) AS n FROM oauth_browser_sessions WHERE principal_id = $1",
        [principalId],
      )
    ).rows[0]!.n,
  );

const etagOf = async (id: string) =>
  (await t.request("GET", `/resources/iam/principals/${id}`, { token: admin.token })).headers.get("etag")!;

describe("browser sign-ins end when they should", () => {
  it("a password change by the principal ends its signed-in browsers", async () => {
    const { p, browser } = await signedIn();
    const r = await t.request("POST", "/resources/me/password", {
      token: p.token,
      body: { currentPassword: PASSWORD, newPassword: "Fresh-Walrus-77" },
    });
    expect(r.status).toBe(204);
    expect(await browserSessionsOf(p.principalId)).toBe(0);
    await expectSignedOut(browser);
  });

  it("an administrator's password reset ends them", async () => {
    const { p, browser } = await signedIn();
    expect(
      (await t.request("POST", `/resources/iam/principals/${p.principalId}/password/reset`, { token: admin.token }))
        .status,
    ).toBe(200);
    await expectSignedOut(browser);
  });

  it("a suspension ends them, and the reactivation revives nothing", async () => {
    const { p, browser } = await signedIn();
    const s = await t.request("POST", `/resources/iam/principals/${p.principalId}/suspend`, {
      token: admin.token,
      headers: { "If-Match": await etagOf(p.principalId) },
    });
    expect(s.status).toBe(200);
    const r = await t.request("POST", `/resources/iam/principals/${p.principalId}/reactivate`, {
      token: admin.token,
      headers: { "If-Match": s.headers.get("etag")! },
    });
    expect(r.status).toBe(200);
    expect(await browserSessionsOf(p.principalId)).toBe(0);
    await expectSignedOut(browser);
    // Signing in again works as usual.
    expect((await authorizeInBrowser(browser, query, { email: p.email, password: PASSWORD })).status).toBe(302);
  });

  it("deleting the principal ends them", async () => {
    const { p, browser } = await signedIn();
    const d = await t.request("DELETE", `/resources/iam/principals/${p.principalId}`, {
      token: admin.token,
      headers: { "If-Match": await etagOf(p.principalId) },
    });
    expect(d.status).toBe(204);
    expect(await browserSessionsOf(p.principalId)).toBe(0);
    await expectSignedOut(browser);
  });

  it("ends only that principal's sign-ins, and only those made before the change", async () => {
    const { p, browser } = await signedIn();
    const other = await signedIn();
    expect(
      (
        await t.request("POST", "/resources/me/password", {
          token: p.token,
          body: { currentPassword: PASSWORD, newPassword: "Fresh-Walrus-77" },
        })
      ).status,
    ).toBe(204);
    await expectSignedIn(other.browser);
    // A sign-in with the new password lives on.
    expect((await authorizeInBrowser(browser, query, { email: p.email, password: "Fresh-Walrus-77" })).status).toBe(
      302,
    );
    await expectSignedIn(browser);
  });
});

describe("POST /oauth/logout", () => {
  it(
    "GET asks first; POST with the form's CSRF token signs out: cookie cleared, session gone, " +
      "the next authorization asks for the password",
    async () => {
      const { p, browser } = await signedIn();
      const ask = await browser.get("/oauth/logout");
      expect(ask.status).toBe(200);
      expect(ask.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      const html = await ask.text();
      expect(html).toContain("<h1>Sign out?</h1>");
      expect(await browserSessionsOf(p.principalId)).toBe(1);
      const out = await browser.post("/oauth/logout", { csrf: hiddenField(html, "csrf")! });
      expect(out.status).toBe(200);
      expect(await out.text()).toContain("You are signed out");
      expect(out.headers.getSetCookie().some((c) => /^oauth_session=;/.test(c) && /max-age=0/i.test(c))).toBe(true);
      expect(browser.jar.has("oauth_session")).toBe(false);
      expect(await browserSessionsOf(p.principalId)).toBe(0);
      await expectSignedOut(browser);
    },
  );

  it(
    "is refused without the CSRF token, with another browser's token, or from another origin: " + "still signed in",
    async () => {
      const { p, browser } = await signedIn();
      const html = await (await browser.get("/oauth/logout")).text();
      const csrf = hiddenField(html, "csrf")!;
      expect((await browser.post("/oauth/logout", {})).status).toBe(403);
      const foreign = hiddenField(await (await createBrowser(t).get("/oauth/logout")).text(), "csrf");
      expect(foreign).toBeUndefined(); // nobody signed in there: no form at all
      const otherCsrf = hiddenField(await (await (await signedIn()).browser.get("/oauth/logout")).text(), "csrf")!;
      expect((await browser.post("/oauth/logout", { csrf: otherCsrf })).status).toBe(403);
      const crossSite = await t.request("POST", "/oauth/logout", {
        raw: new URLSearchParams({ csrf }).toString(),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: browser.jar.header(),
          Origin: "https://evil.example",
        },
      });
      expect(crossSite.status).toBe(403);
      expect(await browserSessionsOf(p.principalId)).toBe(1);
      await expectSignedIn(browser);
    },
  );

  it('the consent page\'s "Not you?" signs out and goes back to sign in for the same request', async () => {
    const { browser } = await signedIn();
    const consent = await browser.get(authorizePath({ prompt: "consent" }));
    expect(consent.status).toBe(200);
    const html = await consent.text();
    expect(html).toContain('<form method="post" action="logout" class="sign-out">');
    const out = await browser.post("/oauth/logout", {
      csrf: hiddenField(html, "csrf")!,
      request: hiddenField(html, "request")!,
    });
    expect(out.status).toBe(303);
    const back = await browser.get(browser.follow(out));
    expect(back.status).toBe(303);
    expect(new URL(back.headers.get("location")!).pathname).toBe("/oauth/login");
  });

  it("the sign-in page offers sign-out to a signed-in browser (prompt=login), not to others", async () => {
    const { browser } = await signedIn();
    const page = await browser.get(browser.follow(await browser.get(authorizePath({ prompt: "login" }))));
    expect(await page.text()).toContain('action="logout"');
    const fresh = createBrowser(t);
    expect(await (await fresh.get(fresh.follow(await fresh.get(authorizePath())))).text()).not.toContain(
      'action="logout"',
    );
  });

  it("goes on to post_logout_redirect_uri only when it is one of the client's registered redirect URIs", async () => {
    const { p, browser } = await signedIn();
    const evil = { client_id: query.client_id!, post_logout_redirect_uri: "https://evil.example/", state: "x" };
    const bad = await browser.get(`/oauth/logout?${new URLSearchParams(evil)}`);
    expect(bad.status).toBe(400);
    for (const clientId of ["\u0000", "x".repeat(5000), "app-\ud800"])
      expect(
        (
          await browser.get(
            `/oauth/logout?${new URLSearchParams({ client_id: clientId, post_logout_redirect_uri: REDIRECT })}`,
          )
        ).status,
      ).toBe(400);
    expect(await browserSessionsOf(p.principalId)).toBe(1);
    const registered = { client_id: query.client_id!, post_logout_redirect_uri: REDIRECT, state: "bye" };
    const ask = await browser.get(`/oauth/logout?${new URLSearchParams(registered)}`);
    const html = await ask.text();
    expect(hiddenField(html, "post_logout_redirect_uri")).toBe(REDIRECT);
    const out = await browser.post("/oauth/logout", {
      csrf: hiddenField(html, "csrf")!,
      client_id: hiddenField(html, "client_id")!,
      post_logout_redirect_uri: REDIRECT,
      state: "bye",
    });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe(`${REDIRECT}?state=bye`);
    expect(await browserSessionsOf(p.principalId)).toBe(0);
    // Nobody signed in any more: GET goes straight on.
    const again = await browser.get(
      `/oauth/logout?${new URLSearchParams({ client_id: query.client_id!, post_logout_redirect_uri: REDIRECT })}`,
    );
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(REDIRECT);
  });
});
