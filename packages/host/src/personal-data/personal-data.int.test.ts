import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as v from "valibot";
import { tallyActor } from "@platform/actor-runtime/testing";
import { createTestDatabase } from "@platform/db/testing";
import { migrate } from "@platform/db";
import type { Database } from "@platform/db";
import { createPostgresEventStore } from "@platform/event-store";
import { bootPlatform, platformMigrations } from "../boot.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { defineContext } from "../context.ts";
import { createLogger } from "../logger.ts";
import { loadDataKey } from "./data-key.ts";
import { personal } from "./personal-fields.ts";

const who = { principalId: "pd-test", requestId: "pd" };
/** Tallies whose name is personal: a small stand-in for a context with personal data. */
const named = defineContext({
  name: "named",
  actors: [tallyActor],
  contract: {
    context: "named",
    operations: [],
    events: { TallyOpened: v.object({ name: personal(v.string()) }), TallyAdded: v.object({ amount: v.number() }) },
  },
  personalKeys: ["tally:name"],
});
const keyA = randomBytes(32).toString("base64");
const keyB = randomBytes(32).toString("hex");
const log = createLogger("silent");
const config = (env: Record<string, string> = {}) =>
  loadConfig({ PUBLIC_URL: "http://localhost:8080", DATA_KEY: keyA, ...env });

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase({ migrations: platformMigrations([named]) });
});
afterAll(() => db.close());

describe("personal data at rest", () => {
  it(
    "seals marked fields under the stream's key, opens them for readers, and reads null with " +
      "erased: true once erased",
    async () => {
      const p = await bootPlatform({ config: config(), contexts: [named], log, db });
      try {
        const id = (await p.runtime.resolve("tally", "new"))!.id;
        await p.runtime.execute(
          "tally",
          id,
          [
            { type: "open", name: "Quentin Private" },
            { type: "add", amount: 3 },
          ],
          who,
          { existence: "new" },
        );
        const { rows } = await db.pool.query<{ data: unknown }>(
          "SELECT data FROM es_events WHERE stream_id = $1 ORDER BY version",
          [`tally-${id}`],
        );
        expect(JSON.stringify(rows)).not.toContain("Quentin");
        expect(rows[0]!.data).toMatchObject({ name: null, $pd: expect.any(String) });
        expect(rows[1]!.data).toEqual({ amount: 3 });
        expect((await p.store.readStream(`tally-${id}`)).map((e) => [e.data, e.erased])).toEqual([
          [{ name: "Quentin Private" }, undefined],
          [{ amount: 3 }, undefined],
        ]);
        expect(await p.store.lookupKey("tally:name", "Quentin Private")).toBe(`tally-${id}`);
        expect(JSON.stringify((await db.pool.query("SELECT key FROM es_keys")).rows)).not.toContain("Quentin");

        await p.personalData.erase([`tally-${id}`]);
        const [stream] = await p.store.readStreams([{ streamId: `tally-${id}`, fromVersion: 1 }]);
        expect(stream!.map((e) => [e.data, e.erased])).toEqual([
          [{ name: null }, true],
          [{ amount: 3 }, undefined],
        ]);
        // The global log shows an event once every transaction begun before it has ended, on the whole
        // server (PostgreSQL's snapshot horizon): another test's open transaction can hold it back a moment.
        const inLog = async () => (await p.store.readAll()).find((e) => e.streamId === `tally-${id}`);
        await expect.poll(inLog).toMatchObject({ data: { name: null }, erased: true });
        // Nothing personal can be written for it again.
        await expect(
          p.store.append(`tally-${id}`, [
            { type: "TallyOpened", data: { name: "Again" }, metadata: { at: new Date().toISOString() } },
          ]),
        ).rejects.toMatchObject({ code: "CONFLICT" });
      } finally {
        await p.close();
      }
    },
  );

  it("stores a new stream's key with its first append, and none when that append is refused", async () => {
    const p = await bootPlatform({ config: config(), contexts: [named], log, db });
    try {
      const keyRows = async (stream: string) =>
        (await db.pool.query("SELECT subject FROM pd_subject_keys WHERE subject = $1", [stream])).rows.length;
      const id = (await p.runtime.resolve("tally", "new"))!.id;
      await p.runtime.execute("tally", id, [{ type: "open", name: "Key With Events" }], who, { existence: "new" });
      expect(await keyRows(`tally-${id}`)).toBe(1);
      // The name is taken: the append is refused, and its key with it.
      const other = (await p.runtime.resolve("tally", "new"))!.id;
      await expect(
        p.runtime.execute("tally", other, [{ type: "open", name: "Key With Events" }], who, { existence: "new" }),
      ).rejects.toMatchObject({ code: "CONFLICT" });
      expect(await keyRows(`tally-${other}`)).toBe(0);
      expect((await p.store.readStream(`tally-${id}`))[0]!.data).toEqual({ name: "Key With Events" });
    } finally {
      await p.close();
    }
  });

  it("refuses to start with another DATA_KEY, with the reason, and starts again with the right one", async () => {
    const wrong = bootPlatform({ config: config({ DATA_KEY: keyB }), contexts: [named], log, db });
    await expect(wrong).rejects.toBeInstanceOf(ConfigError);
    await expect(wrong).rejects.toThrow(/DATA_KEY: not the key this database's personal data was protected with/);
    const right = await bootPlatform({ config: config(), contexts: [named], log, db });
    await right.close();
  });
});

describe("DATA_KEY", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "data-key-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("is generated into DATA_DIR once (owner-only), and the same key is read by every later start", async () => {
    const dataDir = join(dir, "data");
    const [a, b] = await Promise.all([
      loadDataKey({ dataKey: undefined, dataDir }),
      loadDataKey({ dataKey: undefined, dataDir }),
    ]);
    expect(a.key.equals(b.key)).toBe(true);
    expect(a.source).toBe("file");
    expect((await stat(join(dataDir, "data-key"))).mode & 0o777).toBe(0o600);
    expect((await loadDataKey({ dataKey: undefined, dataDir })).key.equals(a.key)).toBe(true);
    expect(Buffer.from((await readFile(join(dataDir, "data-key"), "utf8")).trim(), "base64").equals(a.key)).toBe(true);
  });

  it("must be 32 bytes, and is required on PostgreSQL in production", () => {
    expect(() => loadConfig({ DATA_KEY: "too-short" })).toThrow(/DATA_KEY: must be 32 random bytes/);
    expect(() => loadConfig({ DATABASE_URL: "postgres://x@localhost/db", NODE_ENV: "production" })).toThrow(
      /DATA_KEY: required on PostgreSQL in production/,
    );
    expect(
      loadConfig({ DATABASE_URL: "postgres://x@localhost/db", NODE_ENV: "production", DATA_KEY: keyB }).dataKey,
    ).toBe(keyB);
    expect(loadConfig({ NODE_ENV: "production" }).production).toBe(true);
  });
});

describe("events stored before their fields were marked personal", () => {
  it("are sealed in place at the next start, and their keys hashed, once; then erasable like any", async () => {
    const old = await createTestDatabase({ migrations: platformMigrations([named]) });
    try {
      // What an earlier version wrote: plain names in the events and in the key table.
      await migrate(old, platformMigrations([named]));
      const raw = createPostgresEventStore({ db: old });
      const ids = Array.from({ length: 3 }, () => randomUUID());
      for (const [i, id] of ids.entries())
        await raw.append(
          `tally-${id}`,
          [
            { type: "TallyOpened", data: { name: `Old Name ${i}` }, metadata: { at: new Date().toISOString() } },
            { type: "TallyAdded", data: { amount: i }, metadata: { at: new Date().toISOString() } },
          ],
          { reserveKeys: [{ scope: "tally:name", key: `Old Name ${i}` }] },
        );
      const p = await bootPlatform({ config: config(), contexts: [named], log, db: old });
      try {
        const stored = JSON.stringify((await old.pool.query("SELECT e.data, k.key FROM es_events e, es_keys k")).rows);
        expect(stored).not.toContain("Old Name");
        expect((await p.store.readStream(`tally-${ids[1]}`)).map((e) => e.data)).toEqual([
          { name: "Old Name 1" },
          { amount: 1 },
        ]);
        expect(await p.store.lookupKey("tally:name", "Old Name 2")).toBe(`tally-${ids[2]}`);
        expect((await old.pool.query("SELECT what FROM pd_sealed ORDER BY what")).rows).toEqual([
          { what: "event:TallyOpened" },
          { what: "key:tally:name" },
        ]);
        await p.personalData.erase([`tally-${ids[0]}`]);
        expect((await p.store.readStream(`tally-${ids[0]}`))[0]).toMatchObject({ data: { name: null }, erased: true });
      } finally {
        await p.close();
      }
    } finally {
      await old.close();
    }
  });
});

describe("a new DATA_KEY", () => {
  it(
    "re-wraps every key at the start that names the old one as DATA_KEY_PREVIOUS; the old one " +
      "alone no longer opens them",
    async () => {
      const own = await createTestDatabase({ migrations: platformMigrations([named]) });
      const keyC = randomBytes(32).toString("base64");
      try {
        const first = await bootPlatform({ config: config(), contexts: [named], log, db: own });
        const id = (await first.runtime.resolve("tally", "new"))!.id;
        await first.runtime.execute("tally", id, [{ type: "open", name: "Rotated Name" }], who, { existence: "new" });
        await first.close();
        await expect(
          bootPlatform({ config: config({ DATA_KEY: keyC }), contexts: [named], log, db: own }),
        ).rejects.toBeInstanceOf(ConfigError);

        const rotated = await bootPlatform({
          config: config({ DATA_KEY: keyC, DATA_KEY_PREVIOUS: keyA }),
          contexts: [named],
          log,
          db: own,
        });
        await rotated.close();
        await expect(bootPlatform({ config: config(), contexts: [named], log, db: own })).rejects.toThrow(
          /DATA_KEY: not the key/,
        );
        const after = await bootPlatform({ config: config({ DATA_KEY: keyC }), contexts: [named], log, db: own });
        try {
          expect((await after.store.readStream(`tally-${id}`))[0]!.data).toEqual({ name: "Rotated Name" });
          // The lookup key was re-wrapped, not replaced: the stored hashes still find their streams.
          expect(await after.store.lookupKey("tally:name", "Rotated Name")).toBe(`tally-${id}`);
        } finally {
          await after.close();
        }
        expect(() => loadConfig({ DATA_KEY_PREVIOUS: keyA })).toThrow(/DATA_KEY_PREVIOUS: goes with DATA_KEY/);
      } finally {
        await own.close();
      }
    },
  );
});
