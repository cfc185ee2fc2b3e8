import { execFile } from "node:child_process";
import { promisify } from "node:util";

export type CommandResult = { readonly code: number; readonly stdout: string; readonly stderr: string };

/**
 * Runs `npx platform …` (this repository's own bin) as a user would, and answers its exit code and what it printed,
 * whether it succeeded or not. `env` is added to the test's environment (PLATFORM_TOKEN: "" leaves the token out).
 */
export const platformCommand = async (
  args: readonly string[],
  options: { readonly env?: Readonly<Record<string, string>>; readonly cwd?: string } = {},
): Promise<CommandResult> => {
  try {
    const { stdout, stderr } = await promisify(execFile)("npx", ["platform", ...args], {
      env: { ...process.env, ...options.env },
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const { code, stdout, stderr } = e as CommandResult;
    return { code, stdout, stderr };
  }
};
