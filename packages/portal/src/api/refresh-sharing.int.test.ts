import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { authorizeInBrowser, createBrowser } from "@platform/oauth/testing";
import { PASSWORD, PORTAL_TEST_CONTEXTS } from "../e2e/portal-browser.ts";

/**
 * The portal shares one refresh between the requests of one browser (two tabs loading at once
 * after the access token expired, or a page that read the old cookies just before the
 * rotation): a second use of a refresh token is a replay and ends the session. Only that
 * browser may share it; an old refresh token presented alone goes to /oauth/token.
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform(PORTAL_TEST_CONTEXTS);
});
afterAll(() => t?.close());

type Cookies = Readonly<Record<string, string>>;

/** The cookies a response sets, by name ("" for one it clears). */
const setCookies = (res: Response): Record<string, string> =>
  Object.fromEntries(
    res.headers.getSetCookie().map((line) => {
      const pair = line.split(";")[0]!;
      const eq = pair.indexOf("=");
      return [pair.slice(0, eq).trim(), /max-age=0\b/i.test(line) ? "" : pair.slice(eq + 1).trim()];
    }),
  );

/** A portal page, with exactly these cookies. */
const page = (path: string, cookies: Cookies) =>
  t.request("GET", path, {
    headers: {
      Cookie: Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join("; "),
    },
  });

/** Signs a new principal in to the portal over HTTP, as a browser would; its portal cookies and session. */
const signedIn = async () => {
  const { email } = await createPrincipalWithToken(t, { password: PASSWORD });
  const browser = createBrowser(t);
  const start = await browser.get("/portal/login?next=/portal/me");
  const authorize = new URL(start.headers.get("location")!, "http://localhost");
  const back = await authorizeInBrowser(browser, Object.fromEntries(authorize.searchParams), {
    email,
    password: PASSWORD,
  });
  expect(back.status).toBe(302);
  const callback = await browser.get(browser.follow(back));
  expect(callback.status).toBe(303);
  const signIn = setCookies(callback);
  const home = await page("/portal/me", { portal_at: signIn.portal_at!, portal_rt: signIn.portal_rt! });
  expect(home.status).toBe(200);
  const me = (await (await t.request("GET", "/resources/me", { token: signIn.portal_at! })).json()) as {
    sessionId: string;
  };
  return {
    at: signIn.portal_at!,
    rt: signIn.portal_rt!,
    csrf: setCookies(home).portal_csrf!,
    sessionId: me.sessionId,
    callback,
  };
};

/** The access token's time is up (as an hour later), so the next page refreshes. */
const expire = (sessionId: string) =>
  t.platform.db.pool.query("UPDATE iam_sessions SET access_expires_at = now() - interval '1 second' WHERE id = $1", [
    sessionId,
  ]);
/** A signed-in browser whose access token has just expired, so its next page refreshes. */
const expiredSignIn = async () => {
  const s = await signedIn();
  await expire(s.sessionId);
  return s;
};
/** Two tabs of one browser loading at once with these cookies. */
const twoTabs = (cookies: Cookies) => Promise.all([page("/portal/me", cookies), page("/portal", cookies)]);
const revokedAt = async (sessionId: string) =>
  (
    await t.platform.db.pool.query<{ revoked_at: Date | null }>("SELECT revoked_at FROM iam_sessions WHERE id = $1", [
      sessionId,
    ])
  ).rows[0]!.revoked_at;

describe("the portal's refresh of an expired access token", () => {
  it(
    "the portal's refresh cache does not bypass replay detection: an old portal_rt alone within " +
      "10 s of its rotation gets no tokens (and the session ends)",
    async () => {
      const s = await expiredSignIn();
      const rotated = await page("/portal/me", { portal_at: s.at, portal_rt: s.rt, portal_csrf: s.csrf });
      expect(rotated.status).toBe(200);
      const renewed = setCookies(rotated);
      expect([renewed.portal_at === s.at, renewed.portal_rt === s.rt]).toEqual([false, false]);

      // At once (well within the 10 s a rotation is remembered), the old refresh token alone,
      // as a thief who copied it would send it: no tokens, only the cookies cleared.
      const stolen = await page("/portal/me", { portal_rt: s.rt });
      expect(stolen.status).toBe(303);
      expect(stolen.headers.get("location")).toBe("/portal/login?next=%2Fportal%2Fme");
      expect(setCookies(stolen)).toEqual({ portal_at: "", portal_rt: "" });
      // It reached /oauth/token as a replay, which ended the whole session: the browser's new
      // tokens are refused too, and it is sent to sign in again.
      expect(await revokedAt(s.sessionId)).not.toBeNull();
      const after = await page("/portal/me", { portal_at: renewed.portal_at!, portal_rt: renewed.portal_rt! });
      expect([after.status, after.headers.get("location")]).toEqual([303, "/portal/login?next=%2Fportal%2Fme"]);
    },
  );

  it(
    "still shares one rotation within one browser session (both cookies): two tabs at once, and " +
      "a page that read the old cookies just after",
    async () => {
      const s = await expiredSignIn();
      const both = { portal_at: s.at, portal_rt: s.rt };
      const [a, b] = await twoTabs(both);
      expect([a.status, b.status]).toEqual([200, 200]);
      const [fromA, fromB] = [setCookies(a), setCookies(b)];
      expect(fromA.portal_rt).not.toBe(s.rt);
      expect([fromB.portal_at, fromB.portal_rt]).toEqual([fromA.portal_at, fromA.portal_rt]);
      const late = await page("/portal/me", both);
      expect(late.status).toBe(200);
      expect(setCookies(late)).toMatchObject({ portal_at: fromA.portal_at, portal_rt: fromA.portal_rt });
      // One rotation, no replay: the session lives on with the new pair.
      expect(await revokedAt(s.sessionId)).toBeNull();
      expect((await page("/portal/me", { portal_at: fromA.portal_at!, portal_rt: fromA.portal_rt! })).status).toBe(200);
    },
  );

  it(
    "also shares it within a browser that holds no access-token cookie, by its CSRF cookie, and " +
      "not with the refresh token alone",
    async () => {
      const s = await expiredSignIn();
      const withoutAccess = { portal_rt: s.rt, portal_csrf: s.csrf };
      const [a, b] = await twoTabs(withoutAccess);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(setCookies(b).portal_rt).toBe(setCookies(a).portal_rt);
      expect(await revokedAt(s.sessionId)).toBeNull();
      expect((await page("/portal/me", { portal_rt: s.rt, portal_csrf: "another-browsers-value" })).status).toBe(303);
      expect(await revokedAt(s.sessionId)).not.toBeNull();
    },
  );

  it(
    "keeps the access token's cookie as long as the refresh token's, so that an expired one " +
      "still names the browser",
    async () => {
      const { callback } = await signedIn();
      const maxAge = (name: string) =>
        callback.headers
          .getSetCookie()
          .find((line) => line.startsWith(`${name}=`))
          ?.match(/Max-Age=(\d+)/i)?.[1];
      expect(maxAge("portal_at")).toBe(maxAge("portal_rt"));
      expect(Number(maxAge("portal_at"))).toBe(t.platform.config.tokens.refreshMaxS);
    },
  );
});
