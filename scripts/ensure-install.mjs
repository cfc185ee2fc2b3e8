// `npm test` on a fresh clone: install exactly the locked dependencies when they are
// missing or stale, so the one test command works alone. Plain Node, no dependencies.
import { execFileSync, execSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { installNeededAt } from "./install-state.mjs";

// In step with the lock (as after the README's `npm ci`): nothing to install, in milliseconds.
const why =
  installNeededAt(process.cwd()) ?? (existsSync("node_modules/.bin/vitest") ? null : "no node_modules/.bin/vitest");
if (why) {
  console.log(`Installing dependencies (npm ci: ${why})…`);
  execSync("npm ci --no-audit --no-fund", { stdio: "inherit" });
}

// Debian's Chromium for the browser tests (playwright-core drives it; no browser download).
// Installed when missing and this process may (root with apt-get); otherwise said plainly:
// browser tests are then skipped here, and fail where CI is set.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  const canApt = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get") && !process.env.CHROMIUM_PATH;
  if (canApt) {
    console.log("Installing Debian's Chromium for the browser tests (apt-get install chromium)…");
    try {
      execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null", {
        stdio: "inherit",
        shell: "/bin/bash",
      });
    } catch {
      console.error("Could not install Chromium with apt-get.");
    }
  }
  if (!existsSync(chromium))
    console.error(
      `\nNo Chromium at ${chromium}: ` +
        `the browser tests ${process.env.CI ? "will FAIL (CI is set)" : "will be SKIPPED"}.\n` +
        `Install Debian's chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.\n`,
    );
}

const onPath = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: "ignore", shell: "/bin/sh" });
    return true;
  } catch {
    return false;
  }
};

/**
 * Files taken out of Debian packages without installing them (installing would start their daemons): apt-get
 * download, dpkg-deb -x into a temporary folder, keep only `files` (path in the packages → where it goes). Not fatal
 * when it cannot: the tests that need them say so.
 */
const unpackDebian = (what, packages, files) => {
  if (!existsSync("/usr/bin/apt-get") || !existsSync("/usr/bin/dpkg-deb")) {
    console.error(`\nNo apt-get/dpkg-deb to fetch ${what}: tests that need it will not find it.\n`);
    return;
  }
  console.log(`Unpacking ${what} from Debian's ${packages.join(", ")} (apt-get download, not installed)…`);
  const tmp = mkdtempSync(join(tmpdir(), "deb-"));
  try {
    const download = () =>
      execSync(`apt-get download -qq ${packages.join(" ")}`, { cwd: tmp, stdio: ["ignore", "ignore", "pipe"] });
    try {
      download();
    } catch (e) {
      if (process.getuid?.() !== 0) throw e;
      execSync("apt-get update -qq", { stdio: "inherit" }); // package lists may be missing or stale
      download();
    }
    for (const deb of readdirSync(tmp).filter((f) => f.endsWith(".deb")))
      execFileSync("dpkg-deb", ["-x", join(tmp, deb), join(tmp, "x")]);
    for (const [from, to] of Object.entries(files)) {
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(join(tmp, "x", from), to);
      chmodSync(to, 0o755);
    }
  } catch (e) {
    const why = String(e?.stderr ?? e?.message ?? e).trim();
    console.error(`\nCould not unpack ${what} (${why}): tests that need it will not find it.\n`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
};

// Prometheus's promtool for the metrics tests (`promtool check metrics`).
const promtool = "node_modules/.cache/promtool/promtool";
if (!existsSync(promtool) && !onPath("promtool"))
  unpackDebian("promtool", ["prometheus"], { "usr/bin/promtool": promtool });

// PgBouncer for the tests of many processes behind a pooler (on PostgreSQL), with the one library of its own it
// needs beside it (the tests run it with LD_LIBRARY_PATH there). Root drops to the `postgres` user to run it.
const pgbouncer = "node_modules/.cache/pgbouncer/pgbouncer";
if (!existsSync(pgbouncer) && !onPath("pgbouncer"))
  unpackDebian("pgbouncer", ["pgbouncer", "libc-ares2"], {
    "usr/sbin/pgbouncer": pgbouncer,
    "usr/lib/x86_64-linux-gnu/libcares.so.2": "node_modules/.cache/pgbouncer/libcares.so.2",
  });
