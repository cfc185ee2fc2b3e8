import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClaimLiveness, newClaimOwner } from "./claim-liveness.ts";
import type { Database } from "./database.ts";
import { createTestDatabase } from "./testing/index.ts";

const names = { queue: "liveness_queue", registry: "liveness_claimers" };

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query(`
    CREATE TABLE liveness_queue (id text PRIMARY KEY, claimed_by text, lease_until timestamptz);
    CREATE TABLE liveness_claimers (owner text PRIMARY KEY, started_at timestamptz NOT NULL)`);
});
afterAll(() => db.close());

/** Claims `id` for `owner` for an hour: only the owner's death, seen by a sweep, can end it sooner. */
const claim = (id: string, owner: string) =>
  db.pool.query("INSERT INTO liveness_queue VALUES ($1, $2, now() + interval '1 hour')", [id, owner]);
const lapsed = async () =>
  (await db.pool.query<{ id: string }>("SELECT id FROM liveness_queue WHERE lease_until < now() ORDER BY id")).rows.map(
    (r) => r.id,
  );

describe.runIf(process.env.DATABASE_URL)("a claimer's liveness on PostgreSQL (session)", () => {
  it("frees the claims of a claimer whose session ended at another's next sweep, and no live one's", async () => {
    const [a, b] = [newClaimOwner(), newClaimOwner()];
    const dying = createClaimLiveness(db, a, "auto", names);
    const living = createClaimLiveness(db, b, "auto", names);
    await dying.start();
    await living.start();
    expect([dying.kind, living.kind]).toEqual(["session", "session"]);
    await claim("a-1", a);
    await claim("a-2", a);
    await claim("b-1", b);
    expect(await living.sweep()).toBe(0);

    // Its session's server process ends, as when the process is killed: the lock goes with it.
    await db.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks
        WHERE locktype = 'advisory' AND classid = hashtext('liveness_claimers')::oid
          AND objid = hashtext(current_schema() || ':' || $1)::oid`,
      [a],
    );
    await expect.poll(() => living.sweep()).toBe(2);
    expect(await lapsed()).toEqual(["a-1", "a-2"]);
    expect((await db.pool.query("SELECT owner FROM liveness_claimers")).rows).toEqual([{ owner: b }]);
    await living.stop();
    await dying.stop();
  });
});

describe.runIf(!process.env.DATABASE_URL)("a claimer's liveness on the embedded engine (process)", () => {
  it("takes back at start the claims of another process, which can only be a dead one's", async () => {
    const mine = newClaimOwner();
    await claim("earlier-process", "1234-dead/5678");
    await claim("this-process", newClaimOwner());
    const liveness = createClaimLiveness(db, mine, "auto", names);
    expect(liveness.kind).toBe("process");
    await liveness.start();
    expect(await lapsed()).toEqual(["earlier-process"]);
  });
});
