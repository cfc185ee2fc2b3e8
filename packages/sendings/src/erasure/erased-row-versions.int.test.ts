import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken, iamTestContext } from "@platform/iam/testing";
import { actorsContext } from "@platform/actor-api";
import { sendingsContext } from "../index.ts";

/**
 * The tables an erasure rewrites: the principal's row, its sendings' rows, its key's row (the key the old version still
 * holds).
 */
const TOUCHED = ["iam_principals", "sendings_sendings", "pd_subject_keys"];

// PostgreSQL's autovacuum reclaims old row versions by itself; the embedded engine has none, so the service vacuums it.
describe.skipIf(!!process.env.DATABASE_URL)("row versions an erasure leaves on the embedded engine", () => {
  let t: TestPlatform;
  let owner: string;
  beforeAll(async () => {
    t = await createTestPlatform([iamTestContext(), actorsContext, sendingsContext]);
    owner = (await createPrincipalWithToken(t, { roles: ["system:owner"] })).token;
  });
  afterAll(() => t?.close());

  /** Each table's dead row versions and vacuums, as the statistics count them now. */
  const stats = async () => {
    // Counts reach the statistics when the session next goes idle; without this, up to a second later.
    await t.platform.db.pool.query("SELECT pg_stat_force_next_flush()");
    const { rows } = await t.platform.db.pool.query<{ relname: string; dead: number; vacuums: number }>(
      "SELECT relname, n_dead_tup::int AS dead, vacuum_count::int AS vacuums FROM " +
        "pg_stat_user_tables WHERE relname = ANY($1)",
      [TOUCHED],
    );
    return Object.fromEntries(rows.map((r) => [r.relname, { dead: r.dead, vacuums: r.vacuums }]));
  };

  it("are reclaimed by a vacuum of the tables it touched soon after the erasure", async () => {
    const tag = randomBytes(6).toString("hex");
    const person = await createPrincipalWithToken(t, { email: `vera.${tag}@example.test`, name: `Vera ${tag}` });
    const queued = await call(t, "POST", "/resources/sendings/email", {
      token: owner,
      body: { to: person.email, subject: `Hello ${tag}`, body: { plainText: `Hi ${tag}` }, category: "news" },
    });
    expect(queued.status).toBe(202);
    // Cancelled, so the erasure erases it at once rather than after delivery.
    const sendingId = queued.body.sendings[0].sendingId as string;
    expect((await call(t, "DELETE", `/resources/sendings/${sendingId}`, { token: owner })).status).toBe(204);

    expect((await call(t, "DELETE", `/resources/iam/principals/${person.principalId}`, { token: owner })).status).toBe(
      204,
    );
    // The erasure deleted or rewrote a row in each: the versions holding the email, the message and the key are dead,
    // not gone.
    const right = await stats();
    for (const table of TOUCHED) expect(right[table]!.dead, table).toBeGreaterThan(0);

    await vi.waitFor(
      async () => {
        const now = await stats();
        for (const table of TOUCHED) expect(now[table], table).toEqual({ dead: 0, vacuums: expect.any(Number) });
        for (const table of TOUCHED) expect(now[table]!.vacuums, table).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
