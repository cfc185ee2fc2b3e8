import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { kitFiles } from "../kit-files.ts";
import type { Io } from "./io.ts";

/**
 * `platform apps test DIR [filters…]`: the folder's `*.test.ts` with vitest, where
 * `@platform/app-kit` (runComponent) and `vitest` are the kit's own, so a folder anywhere needs no
 * install of its own. The folder's own vitest config, if any, is not read: every folder's tests
 * run the same way. Exit 0 when every test passed.
 */
export const test = async (io: Io, dirArg: string, filters: readonly string[]): Promise<number> => {
  const dir = resolve(dirArg);
  if (!existsSync(dir)) {
    io.err(`${dirArg} does not exist`);
    return 1;
  }
  const { startVitest } = await import("vitest/node");
  // The ES module entry (a require() would find the CommonJS one, which vitest refuses).
  const vitestEntry = fileURLToPath(import.meta.resolve("vitest"));
  const vitest = await startVitest(
    "test",
    [...filters],
    { root: dir, config: false, watch: false, run: true, passWithNoTests: false },
    {
      resolve: { alias: { "@platform/app-kit": kitFiles.index, vitest: vitestEntry } },
      test: { include: ["**/*.test.ts"], exclude: ["**/node_modules/**", "**/.platform/**"] },
    },
  );
  await vitest.close();
  const failed = vitest.state.getCountOfFailedTests() > 0 || vitest.state.getUnhandledErrors().length > 0;
  if (failed || process.exitCode) {
    io.err(`the tests of ${dirArg} failed`);
    return 1;
  }
  return 0;
};
