// `npm run build`: every package and service compiled by `tsc -b tsconfig.build.json` into
// its dist/ (JavaScript, declarations, source maps), then the gateway bundled (bundle.mjs).
// `--if-stale` builds only when the build is missing or a source is newer than it (`npm start`
// asks the same of `stale()` first), with a stat walk of the sources (tens of milliseconds)
// rather than loading TypeScript on every start. Plain Node; the bundle needs esbuild.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** @param {string} path */
const at = (path) => join(root, path);

/** Written after every successful build: the build is as new as this file. */
const STAMP = at("services/gateway/dist/.built");

/** What a build reads: the sources (not tests), the compiler settings and the locked dependencies. */
const inputs = function* () {
  yield* ["package-lock.json", "tsconfig.json", "tsconfig.build-base.json", "tsconfig.build.json"].map(at);
  for (const base of [at("packages"), at("services")])
    for (const name of readdirSync(base)) {
      yield join(base, name, "package.json");
      yield join(base, name, "tsconfig.build.json");
      yield* sources(join(base, name, "src"));
    }
};

/** @param {string} dir @returns {Generator<string>} */
const sources = function* (dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
};

/** @param {string} path */
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

export const stale = () => {
  if (!existsSync(STAMP) || !existsSync(at("services/gateway/dist/bundle/main.mjs"))) return true;
  const built = statSync(STAMP).mtimeMs;
  for (const path of inputs()) if (mtime(path) > built) return true;
  return false;
};

export const build = async () => {
  const started = Date.now();
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const result = spawnSync(process.execPath, [tsc, "-b", "tsconfig.build.json"], { stdio: "inherit", cwd: root });
  // Thrown, not exited: the lock of a build that failed must go with it.
  if (result.status !== 0) throw new Error("The build failed (tsc -b tsconfig.build.json); see the errors above.");
  // Loaded here only: a start that finds the build current never loads esbuild.
  const { bundle } = await import("./bundle.mjs");
  await bundle();
  mkdirSync(at("services/gateway/dist"), { recursive: true });
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  console.error(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
};

/** Held while a build runs: a directory, made atomically. */
const LOCK = at("services/gateway/dist/.building");
/** A lock older than this is a builder's that died. */
const ABANDONED_MS = 5 * 60_000;

/**
 * Runs `fn` while no other process builds: two `npm start`s of one checkout at once (a gateway and a worker, two test
 * files) would otherwise compile and bundle into the same files together.
 * @template T @param {() => Promise<T>} fn @returns {Promise<T>}
 */
const alone = async (fn) => {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (e) {
      if (/** @type {NodeJS.ErrnoException} */ (e).code !== "EEXIST") throw e;
      if (Date.now() - mtime(LOCK) > ABANDONED_MS) rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
};

/** @param {unknown} e */
const fail = (e) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
};

/**
 * Builds when the build is missing or older than the sources, saying so; waits for a build another process runs. A
 * failed build ends the process (exit 1).
 */
export const buildIfStale = async () => {
  if (!stale()) return;
  await alone(async () => {
    if (!stale()) return;
    console.error("The build is missing or older than the sources: building (npm run build)…");
    await build();
  }).catch(fail);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--if-stale")) await buildIfStale();
  else await alone(build).catch(fail);
}
