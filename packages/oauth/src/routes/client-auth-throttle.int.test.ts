import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { iamTestContext } from "@platform/iam/testing";
import { createOAuthContext } from "../index.ts";
import { createAdmin, createClient } from "../test-support/fixtures.ts";

// The production defaults (5 free failures per client id, 100 per address, 1 s doubling), on a clock that
// moves only when a test moves it, so every wait is exact however slow the machine.
const clock = { at: Date.now(), now: () => new Date(clock.at) };
let t: TestPlatform;
let adminToken: string;
let address = 0;
/** Each test authenticates from its own address (TRUST_PROXY=1 takes it from X-Forwarded-For). */
const nextIp = () => `198.51.100.${++address}`;

beforeAll(async () => {
  t = await createTestPlatform([iamTestContext({ clock }), createOAuthContext({ clock })], { TRUST_PROXY: "1" });
  adminToken = (await createAdmin(t)).token;
});
afterAll(() => t.close());

type Endpoint = "/oauth/token" | "/oauth/introspect" | "/oauth/revoke";
const FORM: Record<Endpoint, Record<string, string>> = {
  "/oauth/token": { grant_type: "client_credentials" },
  "/oauth/introspect": { token: "x" },
  "/oauth/revoke": { token: "x" },
};

const basicHeader = (id: string, secret: string) => {
  const credentials = `${encodeURIComponent(id)}:${encodeURIComponent(secret)}`;
  return `Basic ${Buffer.from(credentials).toString("base64")}`;
};

/** One client authentication (client_secret_post, or Basic with `basic`) at `path`, from `ip`. */
const authAt = (path: Endpoint, ip: string, id: string, secret: string, basic = false) =>
  t.request("POST", path, {
    raw: new URLSearchParams({ ...FORM[path], ...(basic ? {} : { client_id: id, client_secret: secret }) }).toString(),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": ip,
      ...(basic ? { Authorization: basicHeader(id, secret) } : {}),
    },
  });
const answer = async (r: Response) => ({
  status: r.status,
  retryAfter: r.headers.get("retry-after"),
  body: await r.json(),
});
const oauthError = (status: number, retryAfter: string | null, description: string) => ({
  status,
  retryAfter,
  body: { error: "invalid_client", error_description: description },
});
const refused = (description: string) => oauthError(401, null, description);
const throttled = (retryAfter: string) => oauthError(429, retryAfter, "Too many failed attempts; try again later");
const serviceClient = () =>
  createClient(t, adminToken, { redirectUris: [], grantTypes: ["client_credentials"], scopes: ["graph:*"] });

/** Five wrong secrets for `id` at `path` from `ip`: the free failures, each refused with `description` (401). */
const fiveFailures = async (path: Endpoint, ip: string, id: string, description = "invalid client secret") => {
  for (let i = 0; i < 5; i++)
    expect(await answer(await authAt(path, ip, id, `wrong-${i}`))).toEqual(refused(description));
};

describe("failed client authentication is throttled per client id", () => {
  it(
    "5 wrong secrets for one client id are 401 each; the 6th attempt is 429 with Retry-After 1 " + "and the OAuth body",
    async () => {
      const c = await serviceClient();
      const ip = nextIp();
      await fiveFailures("/oauth/token", ip, c.clientId);
      expect(await answer(await authAt("/oauth/token", ip, c.clientId, "wrong-5"))).toEqual(throttled("1"));
      // Another address is slowed down too: the count is the client id's.
      expect(await answer(await authAt("/oauth/token", nextIp(), c.clientId, "wrong-6"))).toEqual(throttled("1"));
    },
  );

  it(
    "the right secret during the wait is 429; once the wait is over it is 200 and clears the " + "client id's count",
    async () => {
      const c = await serviceClient();
      const ip = nextIp();
      await fiveFailures("/oauth/token", ip, c.clientId);
      expect(await answer(await authAt("/oauth/token", ip, c.clientId, c.secret))).toEqual(throttled("1"));
      clock.at += 1000;
      const r = await authAt("/oauth/token", ip, c.clientId, c.secret);
      expect(r.status).toBe(200);
      expect(await r.json()).toMatchObject({ token_type: "Bearer" });
      const { rows } = await t.platform.db.pool.query("SELECT key FROM iam_client_attempts WHERE key = $1", [
        `client:${c.clientId}`,
      ]);
      expect(rows).toEqual([]);
      await fiveFailures("/oauth/token", ip, c.clientId);
    },
  );

  it("the wait doubles with each further failure after it", async () => {
    const c = await serviceClient();
    const ip = nextIp();
    await fiveFailures("/oauth/token", ip, c.clientId);
    clock.at += 1000;
    expect((await authAt("/oauth/token", ip, c.clientId, "wrong-5")).status).toBe(401);
    expect(await answer(await authAt("/oauth/token", ip, c.clientId, c.secret))).toEqual(throttled("2"));
  });

  it("an unknown client id is counted the same", async () => {
    const id = `nobody-${newId()}`;
    const ip = nextIp();
    await fiveFailures("/oauth/token", ip, id, "invalid client");
    expect(await answer(await authAt("/oauth/token", ip, id, "wrong-5"))).toEqual(throttled("1"));
  });

  it("a busy client's concurrent requests with the right secret are never slowed by each other", async () => {
    const c = await serviceClient();
    const ip = nextIp();
    const endpoints = Array.from({ length: 30 }, (_, i) => (i % 2 ? "/oauth/introspect" : "/oauth/token") as Endpoint);
    const results = await Promise.all(endpoints.map((path) => authAt(path, ip, c.clientId, c.secret)));
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 200));
  });

  it("parallel wrong secrets get no more answers than sequential ones: 5 are 401, the rest 429", async () => {
    const c = await serviceClient();
    const ip = nextIp();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => authAt("/oauth/token", ip, c.clientId, `wrong-${i}`)),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(25);
  });

  it("failures are forgotten 15 minutes after the last one", async () => {
    const c = await serviceClient();
    const ip = nextIp();
    await fiveFailures("/oauth/token", ip, c.clientId);
    clock.at += 15 * 60_000 + 1;
    await fiveFailures("/oauth/token", ip, c.clientId);
    expect(await answer(await authAt("/oauth/token", ip, c.clientId, "wrong-5"))).toEqual(throttled("1"));
  });
});

describe("failed client authentication is throttled per address", () => {
  it(
    "100 failures across different client ids from one address: the 101st attempt is 429, " +
      "another address is not slowed",
    async () => {
      const ip = nextIp();
      for (let i = 0; i < 100; i++)
        expect((await authAt("/oauth/token", ip, `nobody-${newId()}`, "guess")).status).toBe(401);
      const c = await serviceClient();
      expect(await answer(await authAt("/oauth/token", ip, c.clientId, c.secret))).toEqual(throttled("1"));
      expect((await authAt("/oauth/token", nextIp(), c.clientId, c.secret)).status).toBe(200);
    },
  );

  it("a success from the address does not clear the address's failures (as for passwords)", async () => {
    const ip = nextIp();
    for (let i = 0; i < 99; i++)
      expect((await authAt("/oauth/token", ip, `nobody-${newId()}`, "guess")).status).toBe(401);
    const c = await serviceClient();
    expect((await authAt("/oauth/token", ip, c.clientId, c.secret)).status).toBe(200);
    expect((await authAt("/oauth/token", ip, `nobody-${newId()}`, "guess")).status).toBe(401);
    expect(await answer(await authAt("/oauth/token", ip, c.clientId, c.secret))).toEqual(throttled("1"));
  });
});

describe("the introspection and revocation endpoints count on the same client id", () => {
  it(
    "failures at token, introspect and revoke add up; then each of them answers 429 (without " +
      "WWW-Authenticate for Basic)",
    async () => {
      const c = await serviceClient();
      const ip = nextIp();
      for (const path of ["/oauth/token", "/oauth/introspect", "/oauth/introspect", "/oauth/revoke"] as const) {
        expect(await answer(await authAt(path, ip, c.clientId, "wrong"))).toEqual(refused("invalid client secret"));
      }
      const basic = await authAt("/oauth/revoke", ip, c.clientId, "wrong", true);
      expect(basic.headers.get("www-authenticate")).toMatch(/^Basic /);
      expect(await answer(basic)).toEqual(refused("invalid client secret"));
      for (const path of ["/oauth/token", "/oauth/introspect", "/oauth/revoke"] as const) {
        const r = await authAt(path, ip, c.clientId, c.secret, true);
        expect(r.headers.get("www-authenticate")).toBeNull();
        expect(await answer(r)).toEqual(throttled("1"));
      }
    },
  );

  it("introspection alone: 5 wrong secrets are 401, the 6th is 429", async () => {
    const c = await serviceClient();
    const ip = nextIp();
    await fiveFailures("/oauth/introspect", ip, c.clientId);
    expect(await answer(await authAt("/oauth/introspect", ip, c.clientId, c.secret))).toEqual(throttled("1"));
  });

  it("revocation alone: 5 wrong secrets are 401, the 6th is 429", async () => {
    const c = await serviceClient();
    const ip = nextIp();
    await fiveFailures("/oauth/revoke", ip, c.clientId);
    expect(await answer(await authAt("/oauth/revoke", ip, c.clientId, c.secret))).toEqual(throttled("1"));
  });
});
