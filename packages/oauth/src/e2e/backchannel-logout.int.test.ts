import { OUTBOUND_LOCAL_HINT } from "@platform/outbound";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as oidc from "openid-client";
import { createPrincipalWithToken, iamServiceOf } from "@platform/iam/testing";
import { startTestServer } from "@platform/http/testing";
import type { TestServer } from "@platform/http/testing";
import { authorizeInBrowser, createBrowser, hiddenField } from "../testing/index.ts";
import type { TestBrowser } from "../testing/index.ts";
import { PASSWORD, REDIRECT, createAdmin, createClient, suspend, testContexts } from "../test-support/fixtures.ts";
import { startLogoutReceiver } from "../test-support/logout-receiver.ts";
import { BACKCHANNEL_LOGOUT_EVENT } from "../backchannel/logout-token.ts";

/**
 * OpenID Connect Back-Channel Logout 1.0 end to end: a relying party's endpoint on a real port
 * verifies each logout_token against jwks_uri with jose. Every way a session ends tells its
 * client, at least once, retried on failure, without holding up the request that ended it.
 */
let server: TestServer;
let receiver: Awaited<ReturnType<typeof startLogoutReceiver>>;
let admin: { token: string };
let rp: { clientId: string; secret: string };
const insecure = { execute: [oidc.allowInsecureRequests] };
const GIVE_UP_MS = 1500;

beforeAll(async () => {
  server = await startTestServer(
    testContexts({ logoutRetryBaseMs: 40, logoutPollMs: 25, logoutGiveUpMs: GIVE_UP_MS }),
    { OUTBOUND_ALLOW_PRIVATE: "true" },
  );
  receiver = await startLogoutReceiver(server.url);
  admin = await createAdmin(server.t);
  rp = await rpClient();
});
afterAll(async () => {
  receiver.release();
  await server.close();
  await receiver.close();
});

async function rpClient() {
  const id = `rp-${Math.random().toString(36).slice(2, 10)}`;
  return createClient(server.t, admin.token, { id, backchannelLogoutUri: receiver.uriFor(id) });
}

const newUser = () => createPrincipalWithToken(server.t, { password: PASSWORD, acl: ["iam/principals:read"] });

/** A sign-in through the pages and the code flow: the tokens and the id_token's claims. */
const signIn = async (
  client: { clientId: string; secret: string },
  user: { email: string },
  browser: TestBrowser = createBrowser(server.t),
  scope = "openid profile",
) => {
  const config = await oidc.discovery(
    new URL(server.url),
    client.clientId,
    client.secret,
    oidc.ClientSecretBasic(client.secret),
    insecure,
  );
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  const r = await authorizeInBrowser(browser, Object.fromEntries(url.searchParams), {
    email: user.email,
    password: PASSWORD,
  });
  expect(r.status).toBe(302);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(r.headers.get("location")!), {
    pkceCodeVerifier: verifier,
    idTokenExpected: scope.includes("openid"),
  });
  const sid = scope.includes("openid")
    ? (tokens.claims()!.sid as string)
    : String((await oidc.tokenIntrospection(config, tokens.access_token)).sid);
  return { config, tokens, browser, sid };
};

const logoutsFor = (sid: string) => receiver.received.filter((r) => r.claims.sid === sid);
const waitForLogout = (sid: string, count = 1) =>
  vi.waitFor(() => expect(logoutsFor(sid).length).toBeGreaterThanOrEqual(count), { timeout: 5000, interval: 20 });
const etagOf = async (id: string) =>
  (await server.t.request("GET", `/resources/iam/principals/${id}`, { token: admin.token })).headers.get("etag")!;

describe("back-channel logout", () => {
  it("POSTs a logout_token that verifies against jwks_uri when a token is revoked", async () => {
    const user = await newUser();
    const { config, tokens, sid } = await signIn(rp, user);
    await oidc.tokenRevocation(config, tokens.refresh_token!);
    await waitForLogout(sid);
    const [got] = logoutsFor(sid);
    expect(got!.contentType).toBe("application/x-www-form-urlencoded");
    expect(got!.typ).toBe("logout+jwt");
    expect(got!.claims).toEqual({
      iss: server.url,
      aud: rp.clientId,
      sub: user.principalId,
      sid,
      iat: expect.any(Number),
      exp: got!.claims.iat! + 120,
      jti: expect.any(String),
      events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
    });
    expect(receiver.rejected).toEqual([]);
  });

  it("tells the client when the browser signs out, and the signed-out sign-in's tokens stop working", async () => {
    const user = await newUser();
    const { tokens, sid, browser } = await signIn(rp, user);
    const other = await signIn(rp, user); // another browser: stays signed in
    const html = await (await browser.get("/oauth/logout")).text();
    expect((await browser.post("/oauth/logout", { csrf: hiddenField(html, "csrf")! })).status).toBe(200);
    await waitForLogout(sid);
    const userinfo = (token: string) =>
      fetch(`${server.url}/oauth/userinfo`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await userinfo(tokens.access_token)).status).toBe(401);
    expect((await userinfo(other.tokens.access_token)).status).toBe(200);
    expect(logoutsFor(other.sid)).toEqual([]);
  });

  it(
    "tells every client of the principal on suspension, on an administrator's password reset " + "and on deletion",
    async () => {
      const second = await rpClient();
      const suspended = await newUser();
      const a = await signIn(rp, suspended);
      const b = await signIn(second, suspended);
      await suspend(server.t, admin.token, "principals", suspended.principalId);
      await waitForLogout(a.sid);
      await waitForLogout(b.sid);
      expect(logoutsFor(b.sid).map((l) => [l.claims.aud, l.claims.sub])).toEqual([
        [second.clientId, suspended.principalId],
      ]);

      const reset = await newUser();
      const r = await signIn(rp, reset);
      const res = await server.t.request("POST", `/resources/iam/principals/${reset.principalId}/password/reset`, {
        token: admin.token,
        headers: { "If-Match": await etagOf(reset.principalId) },
      });
      expect(res.status).toBe(200);
      await waitForLogout(r.sid);

      const deleted = await newUser();
      const d = await signIn(rp, deleted);
      expect(
        (await server.t.request("DELETE", `/resources/iam/principals/${deleted.principalId}`, { token: admin.token }))
          .status,
      ).toBe(204);
      await waitForLogout(d.sid);
      expect(logoutsFor(d.sid)[0]!.claims.sub).toBe(deleted.principalId);
    },
  );

  it("tells the client when an administrator ends one session", async () => {
    const user = await newUser();
    const { sid } = await signIn(rp, user);
    expect(
      (
        await server.t.request("DELETE", `/resources/iam/principals/${user.principalId}/sessions/${sid}`, {
          token: admin.token,
        })
      ).status,
    ).toBe(204);
    await waitForLogout(sid);
  });

  it(
    "retries a failing receiver with the same jti until it answers 2xx, and never holds up the " +
      "request that ended the session",
    async () => {
      const flaky = await rpClient();
      const user = await newUser();
      const { config, tokens, sid } = await signIn(flaky, user);
      receiver.answer(flaky.clientId, 503, 500);
      receiver.hold();
      const before = receiver.seen();
      await oidc.tokenRevocation(config, tokens.access_token); // answered while the receiver holds its answer
      await vi.waitFor(() => expect(receiver.seen()).toBeGreaterThan(before), { timeout: 5000, interval: 20 });
      receiver.release();
      await waitForLogout(sid, 3);
      await new Promise((r) => setTimeout(r, 300));
      const attempts = logoutsFor(sid);
      expect(attempts).toHaveLength(3);
      expect(new Set(attempts.map((a) => a.claims.jti)).size).toBe(1);
      expect(attempts[2]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(100); // 40 ms, then 80 ms, ± 10 %
      expect(await iamServiceOf(server.t.platform).sessionEnds.pending()).toEqual([]);
    },
  );

  it("gives up on a receiver that keeps failing, after the give-up time", async () => {
    const broken = await rpClient();
    const user = await newUser();
    const { config, tokens, sid } = await signIn(broken, user);
    receiver.answer(broken.clientId, ...Array(100).fill(500));
    await oidc.tokenRevocation(config, tokens.access_token);
    const ends = iamServiceOf(server.t.platform).sessionEnds;
    await vi.waitFor(
      async () =>
        expect((await ends.pending()).find((p) => p.sessionId === sid)).toMatchObject({
          lastError: "HTTP 500: not now",
        }),
      { timeout: 5000, interval: 20 },
    );
    await vi.waitFor(async () => expect((await ends.pending()).some((p) => p.sessionId === sid)).toBe(false), {
      timeout: GIVE_UP_MS + 5000,
      interval: 50,
    });
    expect(logoutsFor(sid).length).toBeGreaterThanOrEqual(3);
  });

  it("queues nothing for a client without a URI, or for a session that never had openid", async () => {
    const plain = await createClient(server.t, admin.token);
    const user = await newUser();
    const ends = iamServiceOf(server.t.platform).sessionEnds;
    const noUri = await signIn(plain, user);
    const noOpenId = await signIn(rp, user, createBrowser(server.t), "iam/principals:read");
    await oidc.tokenRevocation(noUri.config, noUri.tokens.access_token);
    await oidc.tokenRevocation(noOpenId.config, noOpenId.tokens.access_token);
    const pending = (await ends.pending()).map((p) => p.sessionId);
    expect(pending).not.toContain(noUri.sid);
    expect(pending).not.toContain(noOpenId.sid);
    await new Promise((r) => setTimeout(r, 200));
    expect(logoutsFor(noUri.sid)).toEqual([]);
    expect(logoutsFor(noOpenId.sid)).toEqual([]);
  });
});

describe("back-channel logout without OUTBOUND_ALLOW_PRIVATE", () => {
  it("refuses, at delivery, a URI that points inside (saved while it was allowed), and reaches nothing", async () => {
    const strict = await startTestServer(testContexts({ logoutRetryBaseMs: 40, logoutPollMs: 25 }));
    try {
      const owner = await createAdmin(strict.t);
      const client = await createClient(strict.t, owner.token, {
        backchannelLogoutUri: "https://rp.example.test/logout",
      });
      // As if saved under OUTBOUND_ALLOW_PRIVATE=true: the read model holds a loopback address.
      await strict.t.platform.db.pool.query("UPDATE iam_clients SET backchannel_logout_uri = $2 WHERE id = $1", [
        client.clientId,
        receiver.uriFor(client.clientId),
      ]);
      const user = await createPrincipalWithToken(strict.t, { password: PASSWORD, acl: ["iam/principals:read"] });
      const config = await oidc.discovery(
        new URL(strict.url),
        client.clientId,
        client.secret,
        oidc.ClientSecretBasic(client.secret),
        insecure,
      );
      const verifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope: "openid",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      });
      const r = await authorizeInBrowser(createBrowser(strict.t), Object.fromEntries(url.searchParams), {
        email: user.email,
        password: PASSWORD,
      });
      const tokens = await oidc.authorizationCodeGrant(config, new URL(r.headers.get("location")!), {
        pkceCodeVerifier: verifier,
      });
      const seen = receiver.seen();
      await oidc.tokenRevocation(config, tokens.access_token);
      const ends = iamServiceOf(strict.t.platform).sessionEnds;
      await vi.waitFor(
        async () => {
          const mine = (await ends.pending()).find((p) => p.clientId === client.clientId);
          expect(mine?.lastError).toBe(`url must be an https URL${OUTBOUND_LOCAL_HINT}`);
          expect(mine?.attempts).toBeGreaterThanOrEqual(2);
        },
        { timeout: 5000, interval: 20 },
      );
      expect(receiver.seen()).toBe(seen);
    } finally {
      await strict.close();
    }
  });
});
