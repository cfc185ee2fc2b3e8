// `npm test` on a fresh clone: install exactly the locked dependencies when they are
// missing or stale, so the one test command works alone. Plain Node, no dependencies.
import { createHash } from "node:crypto";
import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const lock = readFileSync("package-lock.json");
const want = createHash("sha256").update(lock).digest("hex");
const stamp = "node_modules/.install-stamp";
const have = existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : "";
if (have !== want || !existsSync("node_modules/.bin/vitest")) {
  console.log("Installing dependencies (npm ci)…");
  execSync("npm ci --no-audit --no-fund", { stdio: "inherit" });
  writeFileSync(stamp, want);
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
      execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null", { stdio: "inherit", shell: "/bin/bash" });
    } catch {
      console.error("Could not install Chromium with apt-get.");
    }
  }
  if (!existsSync(chromium))
    console.error(
      `\nNo Chromium at ${chromium}: the browser tests ${process.env.CI ? "will FAIL (CI is set)" : "will be SKIPPED"}.\n` +
        `Install Debian's chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.\n`,
    );
}
