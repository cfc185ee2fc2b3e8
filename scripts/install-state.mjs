// Whether node_modules holds what package-lock.json locks, read the way npm reads its own record:
// every `npm ci` or `npm install` writes node_modules/.package-lock.json, one entry per package it
// put there, copied from package-lock.json. So `npm test` right after `npm ci` installs nothing
// again, while a lock that moved on, or a package folder since deleted, still installs. Plain
// Node, no dependencies.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** @typedef {{ packages?: Record<string, Record<string, unknown>> }} Lockfile */

/**
 * Why an install is needed, or null when node_modules is in step with the lock.
 * @param {Lockfile} lock package-lock.json
 * @param {Lockfile | undefined} installed node_modules/.package-lock.json (undefined: absent or unreadable)
 * @param {(path: string) => boolean} exists whether a path (relative to the repository) is there
 * @returns {string | null}
 */
export const installNeeded = (lock, installed, exists) => {
  if (!installed?.packages) return "nothing installed by npm yet";
  const locked = lock.packages ?? {};
  for (const [path, entry] of Object.entries(installed.packages)) {
    const want = locked[path];
    if (!want) return `${path} is installed but not locked`;
    if (JSON.stringify(want) !== JSON.stringify(entry)) return `${path} is not the locked version`;
    if (!exists(path)) return `${path} is missing`;
  }
  // npm leaves out only optional packages it skips (another platform's binaries); "" is the root.
  for (const [path, entry] of Object.entries(locked))
    if (path !== "" && !(path in installed.packages) && !entry.optional && !entry.devOptional)
      return `${path} is not installed`;
  return null;
};

/**
 * The same question about the repository at `root`, reading its files.
 * @param {string} root
 */
export const installNeededAt = (root) => {
  /** @param {string} path @returns {Lockfile | undefined} */
  const read = (path) => {
    try {
      return JSON.parse(readFileSync(join(root, path), "utf8"));
    } catch {
      return undefined;
    }
  };
  const lock = read("package-lock.json");
  if (!lock) return "no readable package-lock.json";
  return installNeeded(lock, read("node_modules/.package-lock.json"), (path) => existsSync(join(root, path)));
};
