import type { ValidationIssue } from "@platform/kernel";
import { isStorableText, UNSTORABLE_MESSAGE } from "@platform/http";
import type { Manifest } from "./manifest.ts";

/** A file an app ships besides its components: today only the page `extensions.portal` names. */
export type FileSource = { readonly source: string };

/** The largest portal page an app may ship, in UTF-8 bytes. */
export const MAX_PORTAL_PAGE_BYTES = 256 * 1024;

/**
 * The path `extensions.portal` names, as a key of `files` (`/portal.html` and `portal.html` are one file); undefined
 * without one.
 */
export const portalPagePath = (manifest: Pick<Manifest, "extensions">): string | undefined => {
  const path = manifest.extensions?.portal?.replace(/^\/+/, "");
  return path ? path : undefined;
};

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * Checks the PUT body's optional `files` against the manifest: the only key it may hold is the
 * page `extensions.portal` names (a leading "/" either side is ignored), as storable text of at
 * most 256 KiB. A manifest naming a page without shipping it stays valid (the portal says so).
 * Problems go to `issues`; the answer is the files to store, by normalized path.
 */
export const checkFiles = (
  raw: unknown,
  manifest: Manifest | undefined,
  issues: ValidationIssue[],
): Record<string, FileSource> | undefined => {
  if (raw === undefined) return undefined;
  if (!isObject(raw)) {
    issues.push({ path: "files", message: 'must be an object of {"<path>": {source}}' });
    return undefined;
  }
  const page = manifest ? portalPagePath(manifest) : undefined;
  const files: Record<string, FileSource> = {};
  for (const [key, entry] of Object.entries(raw)) {
    const path = key.replace(/^\/+/, "");
    if (manifest && path !== page) {
      issues.push({
        path: `files.${key}`,
        message: page
          ? `is not the page manifest.extensions.portal names ('${page}')`
          : "is not a file of this app: only the page manifest.extensions.portal names may be shipped",
      });
      continue;
    }
    const source = isObject(entry) ? entry.source : undefined;
    if (typeof source !== "string") issues.push({ path: `files.${key}.source`, message: "must be the file's text" });
    else if (Object.keys(entry as object).some((k) => k !== "source"))
      issues.push({ path: `files.${key}`, message: "takes only source" });
    else if (!isStorableText(source)) issues.push({ path: `files.${key}.source`, message: UNSTORABLE_MESSAGE });
    else if (Buffer.byteLength(source, "utf8") > MAX_PORTAL_PAGE_BYTES)
      issues.push({
        path: `files.${key}.source`,
        message: `must be at most ${MAX_PORTAL_PAGE_BYTES} bytes (256 KiB) of UTF-8`,
      });
    else if (Object.hasOwn(files, path)) issues.push({ path: `files.${key}`, message: `'${path}' appears twice` });
    else files[path] = { source };
  }
  return Object.keys(files).length ? files : undefined;
};
