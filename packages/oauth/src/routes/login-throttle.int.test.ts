import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { authorizeInBrowser, createBrowser, hiddenField } from "../testing/index.ts";
import { PASSWORD, REDIRECT, createAdmin, createClient, testContexts } from "../test-support/fixtures.ts";
import { s256 } from "../util/pkce.ts";

let t: TestPlatform;
let query: Record<string, string>;

beforeAll(async () => {
  // Accounts are never slowed here, so every 429 comes from the address.
  t = await createTestPlatform(
    testContexts({ throttle: { freeFailures: 1000, addressFreeFailures: 3, baseDelayMs: 2000, maxDelayMs: 2000 } }),
  );
  const app = await createClient(t, (await createAdmin(t)).token);
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

describe("login throttling per address", () => {
  it("slows down an address that fails across many accounts, then lets it try again", async () => {
    const p = await createPrincipalWithToken(t, { password: PASSWORD });
    for (let i = 0; i < 3; i++) {
      const r = await authorizeInBrowser(createBrowser(t), query, {
        email: `guess-${newId()}@example.test`,
        password: "Guess-1234",
      });
      expect(r.status).toBe(400);
    }
    const slowed = await authorizeInBrowser(createBrowser(t), query, { email: p.email, password: PASSWORD });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    await expect
      .poll(
        async () => (await authorizeInBrowser(createBrowser(t), query, { email: p.email, password: PASSWORD })).status,
        { timeout: 8000, interval: 250 },
      )
      .toBe(302);
  });

  it("refuses a login form posted from another origin", async () => {
    const browser = createBrowser(t);
    const page = await browser.get(browser.follow(await browser.get(`/oauth/authorize?${new URLSearchParams(query)}`)));
    const html = await page.text();
    const r = await t.request("POST", "/oauth/login", {
      raw: new URLSearchParams({
        csrf: hiddenField(html, "csrf")!,
        request: hiddenField(html, "request")!,
        email: "a@example.test",
        password: "x",
      }).toString(),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: browser.jar.header(),
        Origin: "https://evil.example",
      },
    });
    expect(r.status).toBe(403);
    expect(r.headers.getSetCookie().some((c) => c.startsWith("oauth_session="))).toBe(false);
  });
});
