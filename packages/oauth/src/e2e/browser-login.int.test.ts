import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as oidc from "openid-client";
import type { Browser } from "playwright-core";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { startTestServer } from "@platform/http/testing";
import { launchChromium, skipBrowserTests } from "@platform/http/testing/browser";
import type { TestServer } from "@platform/http/testing";
import { PASSWORD, createAdmin, createClient, testContexts } from "../test-support/fixtures.ts";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (skipBrowserTests) return;
  server = await startTestServer(testContexts());
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("a real browser", () => {
  it.skipIf(skipBrowserTests)(
    "signs in with the keyboard, consents, and returns to the client with a code openid-client redeems",
    async () => {
      const admin = await createAdmin(server.t);
      // The client's callback is on the test server itself (a 404 there is fine: only the URL matters).
      const callbackUri = `${server.url}/app/callback`;
      const app = await createClient(server.t, admin.token, { redirectUris: [callbackUri] });
      const user = await createPrincipalWithToken(server.t, { password: PASSWORD, acl: ["iam/principals:read"] });
      const config = await oidc.discovery(new URL(server.url), app.clientId, app.secret, undefined, {
        execute: [oidc.allowInsecureRequests],
      });
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: callbackUri,
        scope: "openid iam/principals:read",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
      });

      const page = await browser.newPage();
      await page.goto(url.href);
      expect(new URL(page.url()).pathname).toBe("/oauth/login");
      expect(await page.title()).toBe("Sign in");

      // Keyboard only: the email field has focus, Tab moves to the password, Enter submits.
      await expect
        .poll(() => page.locator("#email").evaluate((el) => el === el.ownerDocument.activeElement))
        .toBe(true);
      await page.keyboard.type(user.email);
      await page.keyboard.press("Tab");
      await page.keyboard.type("wrong-password");
      await page.keyboard.press("Enter");
      await page.getByRole("alert").waitFor();
      expect(await page.getByRole("alert").textContent()).toBe("Incorrect email or password.");

      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "Allow access?" }).waitFor();
      expect(await page.locator("#scopes").textContent()).toContain("iam/principals:read");
      await page.getByRole("button", { name: "Allow" }).click();
      await page.waitForURL((u) => u.href.startsWith(callbackUri));

      const callback = new URL(page.url());
      expect(callback.searchParams.get("iss")).toBe(server.url);
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      expect(tokens.claims()?.sub).toBe(user.principalId);
      const me = await fetch(`${server.url}/resources/me`, {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      });
      expect(me.status).toBe(200);

      // The signed-in browser session makes the next authorization a straight redirect (consent remembered).
      await page.goto(
        oidc.buildAuthorizationUrl(config, {
          redirect_uri: callbackUri,
          scope: "openid",
          state: "again",
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: "S256",
        }).href,
      );
      await page.waitForURL((u) => u.href.startsWith(callbackUri));
      expect(new URL(page.url()).searchParams.get("state")).toBe("again");
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === "oauth_session")).toMatchObject({
        httpOnly: true,
        sameSite: "Lax",
        path: "/oauth",
      });
      await page.close();
    },
  );

  it.skipIf(skipBrowserTests)(
    'signs in, signs out (the sign-out page, then the consent page\'s "Not you?"), and each ' +
      "time the next /oauth/authorize asks for the password again",
    async () => {
      const admin = await createAdmin(server.t);
      const callbackUri = `${server.url}/app/callback`;
      const app = await createClient(server.t, admin.token, { redirectUris: [callbackUri] });
      const user = await createPrincipalWithToken(server.t, { password: PASSWORD });
      const authorizeUrl = (prompt?: string) => {
        const params = new URLSearchParams({
          response_type: "code",
          client_id: app.clientId,
          redirect_uri: callbackUri,
          scope: "openid",
          state: "s1",
          code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
          code_challenge_method: "S256",
          ...(prompt ? { prompt } : {}),
        });
        return `${server.url}/oauth/authorize?${params}`;
      };

      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(authorizeUrl());
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "Allow access?" }).waitFor();
      await page.getByRole("button", { name: "Allow" }).click();
      await page.waitForURL((u) => u.href.startsWith(callbackUri));
      // Signed in: the next authorization is a straight redirect with a code.
      await page.goto(authorizeUrl());
      await page.waitForURL((u) => u.href.startsWith(callbackUri));

      // Sign out from the page that ends the sign-in: GET /oauth/logout asks, the button posts the form.
      await page.goto(`${server.url}/oauth/logout`);
      await page.getByRole("heading", { name: "Sign out?" }).waitFor();
      await page.keyboard.press("Tab"); // keyboard reachable
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("heading", { name: "You are signed out" }).waitFor();
      expect((await context.cookies()).some((c) => c.name === "oauth_session")).toBe(false);

      // The next authorization asks for the password again.
      await page.goto(authorizeUrl());
      expect(new URL(page.url()).pathname).toBe("/oauth/login");
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      await expect.poll(() => page.getByLabel("Password").isVisible()).toBe(true);

      // And the consent page's "Not you?" sign-out goes back to the sign-in form for the same request.
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((u) => u.href.startsWith(callbackUri));
      await page.goto(authorizeUrl("consent"));
      await page.getByRole("heading", { name: "Allow access?" }).waitFor();
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL((u) => u.pathname === "/oauth/login");
      await page.getByLabel("Password").waitFor();
      await context.close();
    },
  );
});
