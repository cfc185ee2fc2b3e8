import { readFile, readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { isDomainError } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { PlatformDeps } from "@platform/host";
import type { Installer } from "./installer.ts";

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

const readIfThere = async (path: string): Promise<string | undefined> => {
  try {
    return await readFile(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT" || (e as NodeJS.ErrnoException).code === "EISDIR")
      return undefined;
    throw e;
  }
};

/**
 * The page `extensions.portal` names, read from the folder when it is there (the installer
 * checks it; a manifest naming a page the folder lacks is still an app). Only a relative path
 * of plain segments names a file: nothing outside the folder is read.
 */
const readPortalPage = async (
  dir: string,
  manifest: unknown,
): Promise<Record<string, { source: string }> | undefined> => {
  const named = (manifest as { extensions?: { portal?: unknown } } | null)?.extensions?.portal;
  const path = typeof named === "string" ? named.replace(/^\/+/, "") : "";
  const segments = path.split("/");
  if (!path || segments.some((s) => !/^[A-Za-z0-9._~-]+$/.test(s) || s === "." || s === "..")) return undefined;
  const source = await readIfThere(join(dir, ...segments));
  return source === undefined ? undefined : { [path]: { source } };
};

/**
 * One folder as the body of PUT /resources/apps/{appId}: manifest.json, components/<id>.js and the page
 * extensions.portal names.
 */
const readAppFolder = async (dir: string): Promise<{ appId: string; body: unknown } | { problem: string }> => {
  const text = await readIfThere(join(dir, "manifest.json"));
  if (text === undefined) return { problem: "has no manifest.json" };
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (e) {
    return { problem: `manifest.json is not JSON: ${(e as Error).message}` };
  }
  const declared = (manifest as { components?: unknown })?.components;
  const components: Record<string, { source: string | null }> = {};
  for (const c of Array.isArray(declared) ? declared : []) {
    const id = (c as { id?: unknown })?.id;
    // Ids are checked by the installer; only a safe one names a file here.
    if (typeof id === "string" && /^[A-Za-z0-9._~-]{1,64}$/.test(id) && id !== "." && id !== "..")
      components[id] = { source: (await readIfThere(join(dir, "components", `${id}.js`))) ?? null };
  }
  const appId = (manifest as { id?: unknown })?.id;
  const files = await readPortalPage(dir, manifest);
  return { appId: typeof appId === "string" ? appId : "", body: { manifest, components, ...(files ? { files } : {}) } };
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
    if ("problem" in found) {
      deps.log.error({ dir }, `app folder ${found.problem}; skipped`);
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
