import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { call, expectError } from "@platform/http/testing";
import { bootIam, principalBody } from "../testing/boot.ts";
import { iamMigrations } from "../read-model/migrations.ts";
import { PHONES_E164_SQL } from "../read-model/phones-e164.ts";

let t: TestPlatform;
let owner: { token: string; principalId: string };
beforeAll(async () => {
  ({ t, owner } = await bootIam());
});
afterAll(() => t.close());

const PATH = "/resources/iam/principals";
const put = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  call(t, "PUT", `${PATH}/${id}`, { token: owner.token, body, headers });
const get = (id: string) => call(t, "GET", `${PATH}/${id}`, { token: owner.token });
const patch = async (id: string, body: unknown) =>
  call(t, "PATCH", `${PATH}/${id}`, { token: owner.token, body, headers: { "If-Match": (await get(id)).body.etag } });
const journal = async (id: string) => t.platform.store.readStream(`principal-${id}`);
/** A Swedish mobile number of 9 national digits, distinct per call. */
let next = Math.floor(Math.random() * 90_000_000);
const mobile = () => String(700_000_000 + (next++ % 99_999_999));

describe("principals' phones are stored in E.164", () => {
  it("stores +46…, 46…, 0046… and forms with spaces, dashes and (0) as +46…, on PUT and on PATCH", async () => {
    const spellings = [
      (d: string) => `46${d}`,
      (d: string) => `0046${d}`,
      (d: string) => `+46 ${d.slice(0, 2)}-${d.slice(2, 5)} ${d.slice(5, 7)} ${d.slice(7)}`,
      (d: string) => `0046 (0)${d.slice(0, 2)}-${d.slice(2)}`,
      (d: string) => `+46 (0)${d}`,
    ];
    for (const written of spellings) {
      const digits = mobile();
      const id = newId();
      const created = await put(id, principalBody(`ph-${id}@example.test`, { properties: { phone: written(digits) } }));
      expect([written(digits), created.status, created.body.phone]).toEqual([written(digits), 201, `+46${digits}`]);
      expect((await get(id)).body.phone).toBe(`+46${digits}`);
      expect((await journal(id))[0]!.data).toMatchObject({ properties: { phone: `+46${digits}` } });
      const other = mobile();
      const patched = await patch(id, { phone: written(other) });
      expect([written(other), patched.status, patched.body.phone]).toEqual([written(other), 200, `+46${other}`]);
    }
  });

  it(
    "treats another spelling of the stored number as the same: nothing is appended, and it is " + "taken for others",
    async () => {
      const digits = mobile();
      const id = newId();
      const created = await put(
        id,
        principalBody(`same-${id}@example.test`, { properties: { phone: `+46${digits}` } }),
      );
      const again = await patch(id, { phone: `0046 ${digits}` });
      expect([again.status, again.body.etag]).toEqual([200, created.body.etag]);
      expectError(
        await put(newId(), principalBody(`dup-${id}@example.test`, { properties: { phone: `46${digits}` } })),
        409,
        "PHONE_NOT_UNIQUE",
      );
    },
  );

  it(
    "refuses a number without its country code, or one that cannot be E.164, with 400 and " + "nothing appended",
    async () => {
      const id = newId();
      await put(id, principalBody(`nat-${id}@example.test`));
      const before = (await journal(id)).length;
      for (const phone of [
        "0701234567",
        "070-123 45 67",
        "(0)70 1234567",
        "+0701234567",
        "+46 70 123 45 67 89 01 23",
      ]) {
        const r = await patch(id, { phone });
        expectError(r, 400, "VALIDATION_FAILED");
        expect([phone, r.body.error.details]).toEqual([
          phone,
          [{ path: "phone", message: expect.stringContaining("country code") }],
        ]);
      }
      const r = await put(newId(), principalBody(`nat2-${id}@example.test`, { properties: { phone: "0701234567" } }));
      expectError(r, 400, "VALIDATION_FAILED");
      expect(r.body.error.details).toEqual([
        { path: "properties.phone", message: expect.stringContaining("country code") },
      ]);
      expect((await journal(id)).length).toBe(before);
    },
  );

  it(
    "answers E.164 for a phone recorded before phones were normalised; a national number stays " + "as it was",
    async () => {
      const [legacy, national] = [newId(), newId()];
      const digits = mobile();
      for (const [id, phone] of [
        [legacy, `0046 ${digits.slice(0, 2)}-${digits.slice(2)}`],
        [national, "070-123 45 67"],
      ] as const) {
        await put(id, principalBody(`old-${id}@example.test`));
        // The command itself, as the routes wrote it before they normalised phones.
        const properties = { name: "Old Timer", email: `old-${id}@example.test`, phone, picture: null, settings: {} };
        await t.platform.runtime.execute("principal", id, [{ type: "changeProperties", properties }], {
          clientId: "test",
        });
      }
      await t.platform.caughtUp();
      expect([(await get(legacy)).body.phone, (await get(national)).body.phone]).toEqual([
        `+46${digits}`,
        "070-123 45 67",
      ]);

      // Its next write stores E.164, and the national one may still be written as it is.
      expect((await patch(legacy, { name: "Renamed" })).body.phone).toBe(`+46${digits}`);
      expect((await journal(legacy)).at(-1)!.data).toMatchObject({
        properties: { name: "Renamed", phone: `+46${digits}` },
      });
      expect((await patch(national, { name: "Renamed" })).body).toMatchObject({
        name: "Renamed",
        phone: "070-123 45 67",
      });
    },
  );

  it("rewrites the phones of a principals read model written before, as the writes do, by migration", async () => {
    const d = mobile();
    const stored: [string, string][] = [
      [`46${d}`, `+46${d}`],
      [`0046${d}`, `+46${d}`],
      [`+46 ${d.slice(0, 2)}-${d.slice(2)}`, `+46${d}`],
      [`+46 (0)${d}`, `+46${d}`],
      [`0046 (0)${d.slice(0, 2)} ${d.slice(2)}`, `+46${d}`],
      [" +1 (555) 010-0199 ", "+15550100199"],
      ["+46 8.123.456", "+468123456"],
      ["070-123 45 67", "070-123 45 67"],
      ["(0)70 1234567", "(0)70 1234567"],
      ["+0701234567", "+0701234567"],
      ["1234567890123456", "1234567890123456"],
    ];
    const ids = stored.map(() => newId());
    for (const id of ids) await put(id, principalBody(`mig-${id}@example.test`));
    await t.platform.caughtUp();
    for (const [i, [phone]] of stored.entries())
      await t.platform.db.pool.query("UPDATE iam_principals SET phone = $2 WHERE id = $1", [ids[i], phone]);
    // The migration again, on rows written as they were before it.
    expect(iamMigrations.filter((m) => m.sql === PHONES_E164_SQL)).toHaveLength(1);
    await t.platform.db.pool.query(PHONES_E164_SQL);
    const after = await Promise.all(ids.map(async (id) => (await get(id)).body.phone as string));
    expect(stored.map(([phone], i) => [phone, after[i]])).toEqual(stored);
  });
});
