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
