import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Problem } from "./problem.ts";
import { kitFiles } from "../kit-files.ts";

/** A folder's component sources: every .ts under components/ but its tests. */
export const componentSources = (dir: string): string[] => {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory() && entry.name !== "node_modules") walk(path);
      else if (entry.isFile() && entry.name.endsWith(".ts") && !/\.(test|spec)\.ts$/.test(entry.name)) found.push(path);
    }
  };
  try {
    walk(join(dir, "components"));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  return found.sort();
};

/**
 * The compiler settings every component is checked with, whatever the folder's tsconfig.json
 * says (`platform apps init` writes the same for editors): strict, ECMAScript 2023 with the
 * sandbox's globals and nothing else, and `@platform/app-kit` resolved to this kit.
 */
const compilerOptions = (ts: typeof import("typescript")) => ({
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts"],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  noEmit: true,
  noUncheckedIndexedAccess: true,
  allowImportingTsExtensions: true,
  isolatedModules: true,
  skipLibCheck: true,
  types: [],
  paths: { "@platform/app-kit": [kitFiles.types] },
});

/** Type-checks a folder's components against the kit's types; each error with its place. */
export const typeCheck = async (dir: string): Promise<Problem[]> => {
  const roots = componentSources(dir);
  if (roots.length === 0) return [];
  const ts = (await import("typescript")).default;
  const program = ts.createProgram([...roots, kitFiles.sandboxGlobals], compilerOptions(ts));
  const inFolder = new Set(roots);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => !d.file || inFolder.has(d.file.fileName) || d.file.fileName.startsWith(join(dir, "components")))
    .map((d) => {
      const message = ts.flattenDiagnosticMessageText(d.messageText, "\n  ");
      if (!d.file || d.start === undefined) return { file: join(dir, "components"), message };
      const at = d.file.getLineAndCharacterOfPosition(d.start);
      return { file: d.file.fileName, line: at.line + 1, column: at.character + 1, message };
    });
};
