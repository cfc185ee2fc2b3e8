import { build } from "esbuild";
import type { Plugin } from "esbuild";
import { realpathSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";

/** A problem with a place: a component's build error, or a manifest's. Line and column count from 1. */
export type FolderProblem = {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  message: string;
};

/**
 * A component may import its folder's own modules and npm packages (bundled into it), and only
 * types from the kit: the sandbox has no packages of the platform and no Node built-ins. Nothing
 * outside the app folder is read (a symbolic link is followed to where it points): an app dropped
 * into APPS_DIR cannot bundle the server's files into its component and answer them at its ingress.
 */
const sandboxImports = (folder: string): Plugin => ({
  name: "sandbox-imports",
  setup(b) {
    b.onLoad({ filter: /.*/ }, (args) => {
      const path = relative(folder, args.path);
      if (path && !path.startsWith("..") && !isAbsolute(path)) return undefined;
      return { errors: [{ text: `${args.path} is outside the app folder: a component may import only its files` }] };
    });
    b.onResolve({ filter: /^@platform\// }, (args) => ({
      errors: [
        { text: `${args.path} is imported for its values: a component may import only its types (import type)` },
      ],
    }));
    b.onResolve({ filter: /^node:/ }, (args) => ({
      errors: [{ text: `${args.path}: a component runs in the sandbox, which has no Node built-ins` }],
    }));
  },
});

/**
 * A TypeScript component (components/<id>.ts) as the one ES module the service stores: its types
 * stripped, its imports bundled in (esbuild). Not minified, so its stack traces and logs read as
 * written. `folder` is the app folder, the only place its imports are read from. The answer is the
 * module's text, or every problem with its file, line and column.
 */
export const buildComponent = async (
  file: string,
  folder: string,
): Promise<{ source: string } | { problems: FolderProblem[] }> => {
  try {
    const result = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      target: "es2023",
      charset: "utf8",
      legalComments: "none",
      logLevel: "silent",
      plugins: [sandboxImports(realpathSync(folder))],
    });
    return { source: result.outputFiles[0]!.text };
  } catch (e) {
    const errors = (e as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] })
      .errors;
    if (!errors) throw e;
    return {
      problems: errors.map((m) => ({
        file: m.location ? resolve(m.location.file) : file,
        // esbuild counts columns from 0.
        ...(m.location ? { line: m.location.line, column: m.location.column + 1 } : {}),
        message: m.text,
      })),
    };
  }
};
