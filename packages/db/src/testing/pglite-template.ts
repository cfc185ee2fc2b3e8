import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { openDatabase } from "../database.ts";
import { migrate } from "../migrator.ts";
import type { MigrationSet } from "../migrator.ts";
import { imageOf } from "../pglite-pool.ts";

const DIR = join(tmpdir(), "platform-pglite-templates");
const DAY_MS = 24 * 60 * 60 * 1000;

/** The installed PGlite's version: an image is only good for the build that made it. */
const pgliteVersion = (): string => {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "@electric-sql/pglite") return pkg.version ?? "";
    } catch {
      // no package.json here; look further up
    }
  }
  return "";
};

const made = new Map<string, Promise<Blob>>();

/**
 * An in-memory PGlite image with these migrations applied, for tests: creating a PGlite
 * cluster takes 2–3 s and migrating the platform about as long again, loading an image half
 * a second. Images are kept in the system's temp directory under a hash of the PGlite
 * version and the migrations' text, so every test file (each in its own process) after the
 * first with the same set loads one; a changed migration makes a new image. Written to a
 * temporary name and renamed, so a concurrent test process reads a whole image or none.
 * Images older than a day are removed when a new one is written (they are remade when asked).
 */
export const pgliteTemplate = (sets: readonly MigrationSet[]): Promise<Blob> => {
  const key = createHash("sha256")
    .update(JSON.stringify([pgliteVersion(), sets]))
    .digest("hex")
    .slice(0, 32);
  let image = made.get(key);
  if (!image) {
    image = load(key, sets);
    made.set(key, image);
    image.catch(() => made.delete(key));
  }
  return image;
};

const load = async (key: string, sets: readonly MigrationSet[]): Promise<Blob> => {
  const file = join(DIR, `${key}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // not made yet
  }
  const db = await openDatabase({ pgliteImage: sets.length > 0 ? await pgliteTemplate([]) : undefined });
  let image: Blob;
  try {
    if (sets.length > 0) await migrate(db, sets);
    image = await imageOf(db.pool);
  } finally {
    await db.close();
  }
  mkdirSync(DIR, { recursive: true });
  for (const name of readdirSync(DIR)) {
    const path = join(DIR, name);
    const writtenAt = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
    if (writtenAt !== undefined && Date.now() - writtenAt > DAY_MS) rmSync(path, { force: true });
  }
  const temporary = `${file}.${randomBytes(6).toString("hex")}`;
  writeFileSync(temporary, new Uint8Array(await image.arrayBuffer()));
  renameSync(temporary, file);
  return image;
};
