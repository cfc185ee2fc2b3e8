import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { iamTestContext } from "../testing/index.ts";
import { addressKey } from "../throttle/attempt-throttle.ts";
import { clientKey, createClientThrottle, defaultClientThrottleOptions } from "./client-throttle.ts";
import type { ClientThrottle } from "./client-throttle.ts";

const clock = { at: Date.now(), now: () => new Date(clock.at) };
let t: TestPlatform;
let throttle: ClientThrottle;
let n = 0;
/** A client id and an address no other test uses. */
const fresh = () => [addressKey(`192.0.2.${++n}`), clientKey(`client-${n}`)] as const;
const wrong = async () => ({ right: false, value: "checked" });
const right = async () => ({ right: true, value: "checked" });

beforeAll(async () => {
  t = await createTestPlatform([iamTestContext()]);
  throttle = createClientThrottle({ pool: t.platform.db.pool, clock, options: defaultClientThrottleOptions });
});
afterAll(() => t.close());

const counts = async (keys: readonly string[]) => {
  const sql = "SELECT key, failures FROM iam_client_attempts WHERE key = ANY($1) ORDER BY key";
  return (await t.platform.db.pool.query<{ key: string; failures: number }>(sql, [keys])).rows;
};

describe("client authentication throttle (checkThenCount)", () => {
  it("a right secret reserves nothing while it is checked: a check in flight leaves the counts untouched", async () => {
    const keys = fresh();
    await throttle.checkThenCount(keys, async () => {
      expect(await counts(keys)).toEqual([]);
      return { right: true, value: "checked" };
    });
    expect(await counts(keys)).toEqual([]);
  });

  it("a right secret is refused when a wait began during its check (parallel guesses learn no more)", async () => {
    const keys = fresh();
    const guess = throttle.checkThenCount(keys, async () => {
      for (let i = 0; i < 5; i++) await throttle.checkThenCount(keys, wrong);
      return { right: true, value: "checked" };
    });
    await expect(guess).rejects.toMatchObject({ code: "RATE_LIMITED", details: { retryAfterS: 1 } });
    expect(await counts(keys)).toEqual([
      { key: keys[0], failures: 5 },
      { key: keys[1], failures: 5 },
    ]);
  });

  it(
    "during a wait nothing is checked; after it a right secret clears the client id's count, " + "not the address's",
    async () => {
      const keys = fresh();
      for (let i = 0; i < 5; i++) expect(await throttle.checkThenCount(keys, wrong)).toBe("checked");
      let checked = false;
      const during = throttle.checkThenCount(keys, async () => {
        checked = true;
        return { right: true, value: "checked" };
      });
      const message = "Too many failed client authentications. Try again in 1 second.";
      await expect(during).rejects.toMatchObject({ code: "RATE_LIMITED", message, details: { retryAfterS: 1 } });
      expect(checked).toBe(false);
      clock.at += 1000;
      expect(await throttle.checkThenCount(keys, right)).toBe("checked");
      expect(await counts(keys)).toEqual([{ key: keys[0], failures: 5 }]);
    },
  );
});
