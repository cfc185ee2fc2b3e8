import { readdir } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { isDomainError } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { PlatformDeps } from "@platform/host";
import type { Installer } from "./installer.ts";
import { readAppFolder } from "./app-folder.ts";

/** The platform itself, installing what an operator put in APPS_DIR: it holds every permission, and no attributes. */
const platformCaller: Caller = {
  kind: "client",
  id: "platform:apps-dir",
  sessionId: "",
  roles: [],
  isOwner: true,
  scope: ["*"],
  tokenScope: null,
  attributes: {},
  passwordChangeRequired: false,
  can: () => true,
};

/**
 * Installs (or upgrades) every app folder in APPS_DIR at start. Idempotent: an app whose
 * content did not change appends nothing. A folder that is not a valid app is logged with
 * every problem and skipped, so one bad app does not keep the service down.
 */
export const installAppsDir = async (deps: PlatformDeps, installer: Installer): Promise<void> => {
  const root = resolve(deps.config.appsDir);
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    throw e;
  }
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const dir = join(root, entry.name);
    const found = await readAppFolder(dir);
    if ("problems" in found) {
      const problems = found.problems.map(
        (p) => `${relative(dir, p.file)}${p.line ? `:${p.line}:${p.column}` : ""} ${p.message}`,
      );
      deps.log.error({ dir }, `app folder ${problems.join("; ")}; skipped`);
      continue;
    }
    try {
      const { created, changed } = await installer.install(
        platformCaller,
        { requestId: "apps-dir" },
        found.appId,
        found.body,
      );
      deps.log.info(
        { appId: found.appId, dir },
        created ? "app installed" : changed ? "app upgraded" : "app unchanged",
      );
    } catch (e) {
      if (!isDomainError(e)) throw e;
      deps.log.error(
        { dir, appId: found.appId, code: e.code, message: e.message, details: e.details },
        "app folder is not a valid app; skipped",
      );
    }
  }
};
