import { describe, expect, it } from "vitest";
import { createBrowser } from "../testing/index.ts";
import { REDIRECT } from "../test-support/fixtures.ts";
import { app, server, signInWith, useOidcServer } from "../test-support/oidc-fixture.ts";

/** OpenID Connect's auth_time with max_age, and prompt, at /oauth/authorize (signing in with openid-client). */
useOidcServer();

/** An authorization request of the app for openid with PKCE, and `extra`. */
const query = (extra: Record<string, string>) => {
  const params = new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
    ...extra,
  });
  return `/oauth/authorize?${params}`;
};

describe("max_age and prompt at /oauth/authorize", () => {
  it("asks for the password again when the sign-in is older than max_age, and not when it is younger", async () => {
    const first = await signInWith("openid");
    const firstAuth = first.tokens.claims()!.auth_time!;
    const young = await first.browser.get(query({ max_age: "3600" }));
    expect(young.status).toBe(302);
    expect(new URL(young.headers.get("location")!).searchParams.get("code")).toBeTruthy();
    const old = await first.browser.get(query({ max_age: "0" }));
    expect(old.status).toBe(303);
    expect(old.headers.get("location")).toContain("/oauth/login?");
    const silent = await first.browser.get(query({ max_age: "0", prompt: "none", state: "s1" }));
    expect(silent.status).toBe(302);
    expect(Object.fromEntries(new URL(silent.headers.get("location")!).searchParams)).toMatchObject({
      error: "login_required",
      state: "s1",
    });
    expect((await first.browser.get(query({ max_age: "-1" }))).headers.get("location")).toContain(
      "error=invalid_request",
    );
    // Signing in again satisfies max_age=0 once (no loop back to the sign-in page).
    const again = await signInWith("openid", first.browser, { max_age: "0" });
    expect(again.tokens.claims()!.auth_time!).toBeGreaterThanOrEqual(firstAuth);
  });

  it("prompt=login signs in again, prompt=consent asks again, prompt=none answers without a page", async () => {
    const { browser } = await signInWith("openid");
    expect((await browser.get(query({ prompt: "login" }))).status).toBe(303);
    const consent = await browser.get(query({ prompt: "consent" }));
    expect(consent.status).toBe(200);
    expect(await consent.text()).toContain('name="decision"');
    const none = await browser.get(query({ prompt: "none" }));
    expect(none.status).toBe(302);
    expect(new URL(none.headers.get("location")!).searchParams.get("code")).toBeTruthy();
    const stranger = await createBrowser(server.t).get(query({ prompt: "none" }));
    expect(new URL(stranger.headers.get("location")!).searchParams.get("error")).toBe("login_required");
  });
});
