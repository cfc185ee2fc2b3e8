import type { Platform } from "@platform/host";
import { UsageError, parseArgs, usage } from "./args.ts";
import { journalCommand } from "./commands/journal.ts";
import { rebuildCommand } from "./commands/rebuild.ts";
import { replayCommand } from "./commands/replay.ts";
import { verifyCommand } from "./commands/verify.ts";
import type { Output } from "./output.ts";

const commands = {
  journal: journalCommand,
  replay: replayCommand,
  verify: verifyCommand,
  rebuild: rebuildCommand,
} as const;

export const isCommand = (name: string | undefined): name is keyof typeof commands =>
  name !== undefined && name in commands;

/** Runs one operator command against a booted platform; returns the exit code (2 = usage). */
export const runOps = async (argv: readonly string[], platform: Platform, io: Output): Promise<number> => {
  const args = parseArgs(argv);
  if (!isCommand(args.command)) {
    io.err(args.command ? `unknown command '${args.command}'\n\n${usage}` : usage);
    return 2;
  }
  try {
    return await commands[args.command](platform, args, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`${e.message}\n\n${usage}`);
      return 2;
    }
    throw e;
  }
};
