import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { validateAppPackage } from "@platform/apps";
import { readAppFolder } from "@platform/apps/folder";
import type { AppFolder } from "@platform/apps/folder";
import { isDomainError } from "@platform/kernel";
import { withSandbox } from "../sandbox-limits.ts";
import { placeInManifest } from "./manifest-places.ts";
import type { Problem } from "./problem.ts";
import { typeCheck } from "./type-check.ts";

type Issue = { path: string; message: string; line?: number; column?: number };

/** A service's issue at its place: a manifest path in manifest.json, a component's in its file. */
const placeIssue = (dir: string, folder: AppFolder, issue: Issue): Problem => {
  const manifestFile = join(dir, "manifest.json");
  const component = /^components\.([^.]+)/.exec(issue.path)?.[1];
  if (component !== undefined && folder.files[component]) {
    const file = folder.files[component]!;
    // The sandbox's line and column are the built module's: they are the file's own only for JavaScript.
    const at = file.endsWith(".js") && issue.line !== undefined ? { line: issue.line, column: issue.column ?? 1 } : {};
    return { file, ...at, message: issue.message };
  }
  if (issue.path.startsWith("manifest"))
    return {
      file: manifestFile,
      ...placeInManifest(readFileSync(manifestFile, "utf8"), issue.path),
      message: `${issue.path} ${issue.message}`,
    };
  return { file: manifestFile, message: `${issue.path} ${issue.message}` };
};

/**
 * Everything the service would refuse at install, and every type error, without a service: the
 * folder read and built as the service reads it, the manifest and each component checked by the
 * service's own validation (the sandbox compiles each one, with the service's limits), and the
 * TypeScript components type-checked against the kit's types. No problems: an empty list.
 */
export const checkApp = async (folderDir: string): Promise<{ appId?: string; problems: Problem[] }> => {
  const dir = resolve(folderDir);
  const folder = await readAppFolder(dir);
  if ("problems" in folder) return { problems: [...folder.problems, ...(await typeCheck(dir))] };
  const problems: Problem[] = [];
  await withSandbox(async (sandbox) => {
    try {
      await validateAppPackage(folder.appId, folder.body, (source) => sandbox.compile(source));
    } catch (e) {
      if (!isDomainError(e) || e.code !== "VALIDATION_FAILED") throw e;
      const issues = Array.isArray(e.details) ? (e.details as Issue[]) : [{ path: "(app)", message: e.message }];
      problems.push(...issues.map((issue) => placeIssue(dir, folder, issue)));
    }
  });
  problems.push(...(await typeCheck(dir)));
  return { appId: folder.appId, problems };
};
