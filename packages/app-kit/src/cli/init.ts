import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { ID_PATTERN } from "@platform/apps/folder";
import { kitFiles } from "../kit-files.ts";
import { initTemplates } from "./init-templates.ts";
import type { Io } from "./io.ts";
import { UsageError } from "./io.ts";

/**
 * `platform apps init DIR [--id ID]`: a new app folder that `check` and `test` pass unchanged.
 * It writes into an empty or new folder only, so nothing of the developer's is overwritten.
 */
export const init = (io: Io, dirArg: string, id?: string): number => {
  const dir = resolve(dirArg);
  const appId =
    id ??
    basename(dir)
      .replace(/[^A-Za-z0-9._~-]/g, "-")
      .slice(0, 64);
  if (!ID_PATTERN.test(appId))
    throw new UsageError(`the app id '${appId}' must be 1 to 64 of A-Z a-z 0-9 . _ ~ - (give one with --id)`);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    io.err(`${dirArg} is not empty: init writes only into an empty or new folder`);
    return 1;
  }
  const kitFromFolder = relative(dir, kitFiles.root).split("\\").join("/");
  for (const [name, text] of Object.entries(initTemplates(appId, kitFromFolder))) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
    io.out(`wrote ${join(dirArg, name)}`);
  }
  io.out(
    `app ${appId} is ready: platform apps check ${dirArg}, platform apps test ${dirArg}, platform apps dev ${dirArg}`,
  );
  return 0;
};
