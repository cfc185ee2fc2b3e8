import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { authorizeInBrowser, createBrowser } from "../testing/index.ts";
import { PASSWORD, REDIRECT, createAdmin, createClient, testContexts } from "../test-support/fixtures.ts";
import { s256 } from "../util/pkce.ts";

// Three free failures per account, twenty per address, then a delay that outlasts every test here.
const THROTTLE = { freeFailures: 3, addressFreeFailures: 20, baseDelayMs: 60_000, maxDelayMs: 60_000 };

let t: TestPlatform;
let query: Record<string, string>;
let address = 0;
/** Each test signs in from its own address (TRUST_PROXY=1 takes it from X-Forwarded-For). */
const browserAt = (ip: string) => createBrowser(t, { headers: { "X-Forwarded-For": `203.0.113.250, ${ip}` } });
const nextIp = () => `198.51.100.${++address}`;

beforeAll(async () => {
  t = await createTestPlatform(testContexts({ throttle: THROTTLE }), { TRUST_PROXY: "1" });
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

const attemptKeys = async () =>
  (
    await t.platform.db.pool.query<{ key: string; failures: number }>(
      "SELECT key, failures FROM iam_password_attempts ORDER BY key",
    )
  ).rows;

describe("the login throttle under parallel attempts", () => {
  it(
    "50 parallel wrong passwords: only the 3 free attempts are checked, the other 47 get the " +
      "delay (429, Retry-After)",
    async () => {
      const p = await createPrincipalWithToken(t, { password: PASSWORD });
      const ip = nextIp();
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          authorizeInBrowser(browserAt(ip), query, { email: p.email, password: "Wrong-Guess-123" }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 400)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(47);
      for (const r of results.filter((x) => x.status === 429)) {
        // Refused by the account (60 s), or by the address while up to 20 of these were in flight at once (what is left
        // of its delay).
        const wait = Number(r.headers.get("retry-after"));
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(60);
        expect(await r.text()).toContain("Too many failed sign-in attempts. Try again in");
      }
      // The account counted the three checked guesses; the refused ones changed nothing.
      expect((await attemptKeys()).find((k) => k.key === `account:${p.email}`)?.failures).toBe(3);
      // And the right password waits the whole delay too: no guess gets in ahead of it.
      const after = await authorizeInBrowser(browserAt(ip), query, { email: p.email, password: PASSWORD });
      expect(after.status).toBe(429);
      expect(Number(after.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    },
  );

  it("a right password gives its attempt back: sign-ins never add up to a delay", async () => {
    const p = await createPrincipalWithToken(t, { password: PASSWORD });
    const ip = nextIp();
    // As many at once as the account's free attempts (an attempt in flight holds its reservation), then 25 more one by
    // one.
    const parallel = await Promise.all(
      Array.from({ length: 3 }, () => authorizeInBrowser(browserAt(ip), query, { email: p.email, password: PASSWORD })),
    );
    expect(parallel.map((r) => r.status)).toEqual([302, 302, 302]); // back to the client with a code
    for (let i = 0; i < 25; i++)
      expect((await authorizeInBrowser(browserAt(ip), query, { email: p.email, password: PASSWORD })).status).toBe(302);
    const keys = await attemptKeys();
    expect(keys.find((k) => k.key === `address:${ip}`)?.failures).toBe(0);
    expect(keys.some((k) => k.key === `account:${p.email}`)).toBe(false);
  });

  it("(TRUST_PROXY) the address is the one the trusted proxy saw: another address is not slowed by it", async () => {
    const victim = await createPrincipalWithToken(t, { password: PASSWORD });
    const attacker = nextIp();
    for (let i = 0; i < 20; i++)
      expect(
        (
          await authorizeInBrowser(browserAt(attacker), query, {
            email: `nobody-${i}@example.test`,
            password: "Wrong-Guess-123",
          })
        ).status,
      ).toBe(400);
    expect(
      (await authorizeInBrowser(browserAt(attacker), query, { email: victim.email, password: PASSWORD })).status,
    ).toBe(429);
    // What the client wrote left of the proxy's entry is not believed: a forged first entry changes nothing.
    const forged = createBrowser(t, { headers: { "X-Forwarded-For": `${nextIp()}, ${attacker}` } });
    expect((await authorizeInBrowser(forged, query, { email: victim.email, password: PASSWORD })).status).toBe(429);
    expect(
      (await authorizeInBrowser(browserAt(nextIp()), query, { email: victim.email, password: PASSWORD })).status,
    ).toBe(302);
  });

  it("an email longer than 320 characters is refused before it becomes a throttle key", async () => {
    const ip = nextIp();
    const long = `${"a".repeat(100_000)}@example.test`;
    const r = await authorizeInBrowser(browserAt(ip), query, { email: long, password: "Wrong-Guess-123" });
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(html).toContain("Incorrect email or password.");
    expect(html).not.toContain("a".repeat(321));
    const keys = await attemptKeys();
    expect(keys.filter((k) => k.key.length > "account:".length + 320)).toEqual([]);
    expect(keys.some((k) => k.key === `address:${ip}`)).toBe(false);
    // Nor does an email no column could hold become one (it answers like any wrong email).
    expect(
      (await authorizeInBrowser(browserAt(ip), query, { email: "a\u0000@example.test", password: "Wrong-Guess-123" }))
        .status,
    ).toBe(400);
    expect((await attemptKeys()).some((k) => k.key.includes("\u0000"))).toBe(false);
  });
});
