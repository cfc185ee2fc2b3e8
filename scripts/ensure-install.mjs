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

// Prometheus's promtool for the metrics tests (`promtool check metrics`). Taken out of Debian's
// prometheus package without installing it (installing would start the daemon): apt-get download,
// dpkg-deb -x into a temporary folder, keep only usr/bin/promtool. Not fatal when it cannot.
const promtool = "node_modules/.cache/promtool/promtool";
const onPath = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: "ignore", shell: "/bin/sh" });
    return true;
  } catch {
    return false;
  }
};
if (!existsSync(promtool) && !onPath("promtool")) {
  if (!existsSync("/usr/bin/apt-get") || !existsSync("/usr/bin/dpkg-deb")) {
    console.error(
      "\nNo promtool on PATH and no apt-get/dpkg-deb to fetch it: tests that need promtool will not find it.\n",
    );
  } else {
    console.log("Unpacking promtool from Debian's prometheus package (apt-get download, not installed)…");
    const tmp = mkdtempSync(join(tmpdir(), "promtool-"));
    try {
      const download = () =>
        execSync("apt-get download -qq prometheus", { cwd: tmp, stdio: ["ignore", "ignore", "pipe"] });
      try {
        download();
      } catch (e) {
        if (process.getuid?.() !== 0) throw e;
        execSync("apt-get update -qq", { stdio: "inherit" }); // package lists may be missing or stale
        download();
      }
      const deb = readdirSync(tmp).find((f) => f.startsWith("prometheus_") && f.endsWith(".deb"));
      if (!deb) throw new Error("apt-get download left no prometheus_*.deb");
      execFileSync("dpkg-deb", ["-x", join(tmp, deb), join(tmp, "x")]);
      mkdirSync(dirname(promtool), { recursive: true });
      copyFileSync(join(tmp, "x/usr/bin/promtool"), promtool);
      chmodSync(promtool, 0o755);
    } catch (e) {
      console.error(
        `\nCould not unpack promtool (${String(e?.stderr ?? e?.message ?? e).trim()}): ` +
          "tests that need promtool will not find it.\n",
      );
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}
