import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { buildComponent } from "./component-build.ts";
import type { FolderProblem } from "./component-build.ts";

import { ID_PATTERN } from "../manifest/manifest.ts";

export type { FolderProblem } from "./component-build.ts";
/** The manifest's rule for app, component and ingress ids (the kit's `init` checks an app id with it). */
export { ID_PATTERN } from "../manifest/manifest.ts";

const readIfThere = async (path: string): Promise<string | undefined> => {
  try {
    return await readFile(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT" || (e as NodeJS.ErrnoException).code === "EISDIR")
      return undefined;
    throw e;
  }
};

/** A safe relative path of plain segments, or undefined: nothing outside the folder is read. */
const insideFolder = (path: string): string[] | undefined => {
  const segments = path.split("/");
  return path && segments.every((s) => /^[A-Za-z0-9._~-]+$/.test(s) && s !== "." && s !== "..") ? segments : undefined;
};

/**
 * The page `extensions.portal` names, read from the folder when it is there (the installer
 * checks it; a manifest naming a page the folder lacks is still an app).
 */
const readPortalPage = async (
  dir: string,
  manifest: unknown,
): Promise<Record<string, { source: string }> | undefined> => {
  const named = (manifest as { extensions?: { portal?: unknown } } | null)?.extensions?.portal;
  const path = typeof named === "string" ? named.replace(/^\/+/, "") : "";
  const segments = insideFolder(path);
  const source = segments && (await readIfThere(join(dir, ...segments)));
  return source === undefined ? undefined : { [path]: { source } };
};

/** The body of `PUT /resources/apps/{appId}` a folder makes. */
export type AppFolderBody = {
  readonly manifest: unknown;
  readonly components: Record<string, { source: string | null }>;
  readonly files?: Record<string, { source: string }>;
};

export type AppFolder = {
  readonly appId: string;
  readonly body: AppFolderBody;
  /** The file each component came from (components/<id>.ts or .js), by component id. */
  readonly files: Readonly<Record<string, string>>;
};

/**
 * One app folder (docs/APPS.md) as the body of PUT /resources/apps/{appId}: manifest.json, each
 * component from components/<id>.ts (built by esbuild into one ES module) or else
 * components/<id>.js (as it is), and the page extensions.portal names. The service's APPS_DIR and
 * the kit's `platform apps` commands read folders with this one function, so what a developer
 * checks and deploys is what the service installs. A component without a file is sent with a
 * null source, for the installer to name; problems the installer cannot see (a manifest that is
 * not JSON, a build error) come back with their place.
 */
export const readAppFolder = async (dir: string): Promise<AppFolder | { problems: FolderProblem[] }> => {
  const manifestFile = join(dir, "manifest.json");
  const text = await readIfThere(manifestFile);
  if (text === undefined) return { problems: [{ file: manifestFile, message: "is missing" }] };
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (e) {
    return { problems: [{ file: manifestFile, message: `is not JSON: ${(e as Error).message}` }] };
  }
  const declared = (manifest as { components?: unknown })?.components;
  const components: Record<string, { source: string | null }> = {};
  const files: Record<string, string> = {};
  const problems: FolderProblem[] = [];
  for (const c of Array.isArray(declared) ? declared : []) {
    const id = (c as { id?: unknown })?.id;
    // Ids are checked by the installer; only a safe one names a file here.
    if (typeof id !== "string" || !ID_PATTERN.test(id)) continue;
    const ts = join(dir, "components", `${id}.ts`);
    const js = join(dir, "components", `${id}.js`);
    if ((await readIfThere(ts)) !== undefined) {
      const built = await buildComponent(ts, dir);
      if ("problems" in built) problems.push(...built.problems);
      else components[id] = { source: built.source };
      files[id] = ts;
    } else {
      components[id] = { source: (await readIfThere(js)) ?? null };
      files[id] = js;
    }
  }
  if (problems.length > 0) return { problems };
  const appId = (manifest as { id?: unknown })?.id;
  const page = await readPortalPage(dir, manifest);
  return {
    appId: typeof appId === "string" ? appId : "",
    body: { manifest, components, ...(page ? { files: page } : {}) },
    files,
  };
};
