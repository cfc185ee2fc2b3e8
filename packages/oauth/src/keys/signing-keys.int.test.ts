import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { migrate } from "@platform/db";
import { createTestDatabase } from "@platform/db/testing";
import { fixedClock } from "@platform/kernel";
import { oauthMigrations } from "../migrations.ts";
import { signIdToken } from "./id-token.ts";
import { createKeyStore } from "./signing-keys.ts";

const DAY = 86_400_000;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
  await migrate(db, [{ context: "oauth", migrations: oauthMigrations }]);
});
afterAll(() => db.close());

describe("signing keys", () => {
  it("persist, rotate after N days, and stay in the JWKS until they expire", async () => {
    const clock = fixedClock("2026-01-01T00:00:00Z");
    const keys = createKeyStore({ pool: db.pool, clock, rotationDays: 30 });
    const first = await keys.activeKey();
    expect(first.alg).toBe("ES256");
    // Another process (a second store on the same table) signs with the same key.
    expect((await createKeyStore({ pool: db.pool, clock, rotationDays: 30 }).activeKey()).kid).toBe(first.kid);
    clock.advance(29 * DAY);
    expect((await keys.activeKey()).kid).toBe(first.kid);
    clock.advance(2 * DAY);
    const second = await keys.activeKey();
    expect(second.kid).not.toBe(first.kid);
    expect((await keys.jwks()).keys.map((k) => k.kid)).toEqual([second.kid, first.kid]);
    for (const k of (await keys.jwks()).keys) {
      expect(k).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
      expect(k).not.toHaveProperty("d");
    }
    clock.advance(30 * DAY);
    expect((await keys.jwks()).keys.map((k) => k.kid)).toEqual([second.kid]);
  });

  it("signs id_tokens that verify against the published JWKS by kid", async () => {
    const clock = fixedClock(new Date());
    const keys = createKeyStore({ pool: db.pool, clock, rotationDays: 30 });
    const token = await signIdToken(
      keys,
      { issuer: "http://localhost:1", subject: "p1", clientId: "c1", sessionId: "s1", accessToken: "abc", nonce: "n1" },
      clock.now(),
      600,
    );
    const header = decodeProtectedHeader(token);
    expect(header.kid).toBe((await keys.activeKey()).kid);
    const { payload } = await jwtVerify(token, createLocalJWKSet(await keys.jwks()), {
      issuer: "http://localhost:1",
      audience: "c1",
    });
    expect(payload).toMatchObject({ sub: "p1", nonce: "n1", sid: "s1" });
    expect(payload.exp! - payload.iat!).toBe(600);
  });
});
