import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import type { IamService } from "../service.ts";
import { createPrincipalWithToken, iamTestContext } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { iamInternalsKey } from "../internals.ts";

const PASSWORD = "Vivid-Otter-42";
let t: TestPlatform;
let iam: IamService;
beforeAll(async () => {
  t = await createTestPlatform([
    iamTestContext({
      throttle: { freeFailures: 3, addressFreeFailures: 1000, baseDelayMs: 30_000, maxDelayMs: 30_000 },
    }),
  ]);
  iam = t.platform.ports.get(iamInternalsKey).service;
});
afterAll(() => t.close());

const change = (token: string, currentPassword: string, newPassword = "Fresh-Walrus-77") =>
  call(t, "POST", "/resources/me/password", { token, body: { currentPassword, newPassword } });

describe("POST /resources/me/password goes through the password throttle", () => {
  it("wrong currentPassword guesses are slowed down like sign-ins, on the same account count", async () => {
    const p = await createPrincipalWithToken(t, { password: PASSWORD });
    for (let i = 0; i < 3; i++) expectError(await change(p.token, `Wrong-Guess-${i}0`), 400, "VALIDATION_FAILED");
    const slowed = await change(p.token, PASSWORD);
    expectError(slowed, 429, "RATE_LIMITED");
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThanOrEqual(29);
    expect(slowed.body.error).toEqual({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/),
      details: { retryAfterS: expect.any(Number) },
    });
    // Same account, same count: the sign-in check waits too, and the password is unchanged.
    await expect(iam.verifyPrincipalPassword(p.email, PASSWORD)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await t.platform.db.pool.query("DELETE FROM iam_password_attempts WHERE key = $1", [`account:${p.email}`]);
    await expect(iam.verifyPrincipalPassword(p.email, PASSWORD)).resolves.toMatchObject({ principalId: p.principalId });
  });

  it("parallel guesses get no more checks than the free ones", async () => {
    const p = await createPrincipalWithToken(t, { password: PASSWORD });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => change(p.token, `Wrong-Guess-${i}0`)));
    expect(results.filter((r) => r.status === 400)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(17);
  });

  it("a right currentPassword clears the account's count", async () => {
    const p = await createPrincipalWithToken(t, { password: PASSWORD });
    expectError(await change(p.token, "Wrong-Guess-10"), 400, "VALIDATION_FAILED");
    expect((await change(p.token, PASSWORD)).status).toBe(204);
    const { rows } = await t.platform.db.pool.query("SELECT key FROM iam_password_attempts WHERE key = $1", [
      `account:${p.email}`,
    ]);
    expect(rows).toEqual([]);
  });
});
