import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPglitePool } from "./pglite-pool.ts";

const root = mkdtempSync(join(tmpdir(), "pglite-init-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("an embedded data directory", () => {
  it(
    "is made on first use (moved into place whole), kept across opens, with a 16MB buffer pool " + "by default",
    async () => {
      const dir = join(root, "fresh");
      const first = await createPglitePool(dir);
      expect(existsSync(join(dir, "PG_VERSION"))).toBe(true);
      expect(existsSync(`${dir}.init`)).toBe(false);
      expect((await first.query("SHOW shared_buffers")).rows).toEqual([{ shared_buffers: "16MB" }]);
      await first.query("CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)");
      await first.end();

      const again = await createPglitePool(dir, undefined, "8MB");
      expect((await again.query("SELECT n FROM kept")).rows).toEqual([{ n: 7 }]);
      expect((await again.query("SHOW shared_buffers")).rows).toEqual([{ shared_buffers: "8MB" }]);
      await again.end();
    },
  );

  it(
    "an empty directory gets a cluster; a staging folder left by a start killed during initdb " + "is made again",
    async () => {
      const dir = join(root, "empty");
      mkdirSync(dir);
      mkdirSync(`${dir}.init`);
      writeFileSync(join(`${dir}.init`, "half-made"), "x");
      const pool = await createPglitePool(dir);
      expect((await pool.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      expect(existsSync(join(dir, "half-made"))).toBe(false);
      await pool.end();
    },
  );

  it("a directory holding something else is refused, untouched, and its lock let go", async () => {
    const dir = join(root, "other");
    mkdirSync(dir);
    writeFileSync(join(dir, "notes.txt"), "mine");
    await expect(createPglitePool(dir)).rejects.toThrow(
      `${dir} is neither empty nor a PGlite data directory (no PG_VERSION); move it away or point DATA_DIR elsewhere`,
    );
    expect(existsSync(join(dir, "PG_VERSION"))).toBe(false);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
