import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@platform/db";
import { createTestDatabase } from "@platform/db/testing";
import type { Database } from "@platform/db";
import { sendingsMigrations } from "../read-model/migrations.ts";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

const ADDRESSES = "004-erasure-addresses";
const row = (id: string, recipient: string | null, cc: string | null, bcc: string | null, erased = false) =>
  db.pool.query(
    `INSERT INTO sendings_sendings (sending_id, recipient, recipient_lc, transport, status, category, subject,
        created_at, updated_at, cc, bcc, erased_at)
      VALUES ($1, $2, lower(coalesce($2, '')), $3, 'sent', 'news', 's', now(), now(), $4, $5, $6)`,
    [id, recipient, recipient?.startsWith("+") ? "sms" : "email", cc, bcc, erased ? new Date() : null],
  );

describe("the migration that lets erasure find a person in cc and bcc", () => {
  it(
    "fills the addresses of the sendings written before it: recipient, cc and bcc, lower-cased, " +
      "none for an erased one",
    async () => {
      const before = sendingsMigrations.findIndex((m) => m.id === ADDRESSES);
      expect(before).toBeGreaterThan(0);
      await migrate(db, [{ context: "sendings", migrations: sendingsMigrations.slice(0, before) }]);
      await row("to-only", "Ann@Example.test", "", "");
      await row("copies", "ann@example.test", "Carl@Example.test, bea@example.test", "HIDDEN@EXAMPLE.TEST");
      await row("sms", "+46701234567", "", "");
      await row("erased", null, null, null, true);
      await migrate(db, [{ context: "sendings", migrations: sendingsMigrations }]);
      const { rows } = await db.pool.query<{ sending_id: string; addresses_lc: string[] }>(
        "SELECT sending_id, addresses_lc FROM sendings_sendings ORDER BY sending_id",
      );
      expect(rows.map((r) => [r.sending_id, [...r.addresses_lc].sort()])).toEqual([
        ["copies", ["ann@example.test", "bea@example.test", "carl@example.test", "hidden@example.test"]],
        ["erased", []],
        ["sms", ["+46701234567"]],
        ["to-only", ["ann@example.test"]],
      ]);
      const found = await db.pool.query<{ sending_id: string }>(
        "SELECT sending_id FROM sendings_sendings WHERE addresses_lc && $1::text[] ORDER BY sending_id",
        [["hidden@example.test"]],
      );
      expect(found.rows).toEqual([{ sending_id: "copies" }]);
    },
  );
});
