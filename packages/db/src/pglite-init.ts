import { spawn } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, rmdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/**
 * Makes a new cluster for `dataDir` (which this process holds locked) when it has none, in a
 * child process. PGlite runs initdb as a second WebAssembly instance, and the 150–400 MiB of
 * memory it touches stays resident in the process that ran it for good (a WebAssembly memory
 * never shrinks, and freed ones are not handed back); in a child it goes when the child
 * exits. The cluster is made beside the directory and moved into place whole, so a start
 * killed during initdb leaves no half-made cluster behind.
 */
export const initPgliteDir = async (dataDir: string): Promise<void> => {
  if (existsSync(join(dataDir, "PG_VERSION"))) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(
      `${dataDir} is neither empty nor a PGlite data directory (no PG_VERSION); ` +
        "move it away or point DATA_DIR elsewhere",
    );
  const staging = `${dataDir}.init`;
  rmSync(staging, { recursive: true, force: true });
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = [
    `require(${JSON.stringify(pglite)}).PGlite.create({ dataDir: process.argv[1] })`,
    ".then((db) => db.close(), (e) => { console.error(e); process.exit(1); });",
  ].join("");
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", script, staging], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`PGlite's initdb for ${dataDir} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
  if (existsSync(dataDir)) rmdirSync(dataDir);
  renameSync(staging, dataDir);
};
