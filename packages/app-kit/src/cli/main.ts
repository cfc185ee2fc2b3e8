import { parseArgs } from "node:util";
import { HELP } from "./help.ts";
import { processIo, UsageError } from "./io.ts";
import type { Io } from "./io.ts";

type Command = keyof typeof HELP;

const OPTIONS = {
  help: { type: "boolean", short: "h" },
  id: { type: "string" },
  url: { type: "string" },
  token: { type: "string" },
  port: { type: "string" },
  to: { type: "string" },
  app: { type: "string" },
  file: { type: "string" },
  save: { type: "string" },
} as const;

/** What a command's first argument names, when it is not a folder. */
const WHICH = { rollback: "which app?", replay: "which run?" } as const;

const run = async (io: Io, command: Command, args: readonly string[]): Promise<number> => {
  const { values, positionals } = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true });
  if (values.help) return (io.out(HELP[command]), 0);
  const [dir, ...rest] = positionals;
  if (command === "platform" || command === "apps" || dir === undefined)
    throw new UsageError(WHICH[command as keyof typeof WHICH] ?? "which folder?");
  switch (command) {
    // Each command loads what it needs when it runs: --help and init start in a fraction of a second.
    case "init":
      return (await import("./init.ts")).init(io, dir, values.id);
    case "check":
      return (await import("./check.ts")).check(io, dir);
    case "test":
      return (await import("./test.ts")).test(io, dir, rest);
    case "rollback":
      return (await import("./rollback.ts")).rollback(
        io,
        dir,
        values.to,
        values.url,
        values.token ?? process.env.PLATFORM_TOKEN,
      );
    case "replay":
      return (await import("./replay.ts")).replay(io, dir, rest[0], {
        ...values,
        token: values.token ?? process.env.PLATFORM_TOKEN,
      });
    default:
      return (await import("./service-commands.ts")).serviceCommand(io, command, dir, values);
  }
};

/**
 * The `platform` command (docs/APPS.md): `platform apps <init|check|test|dev|deploy> DIR`,
 * `platform apps rollback APP_ID` and `platform apps replay RUN_ID DIR`. Prints what it did; the exit code is 0 on
 * success, 1 when the work failed (a check's problems, a service's refusal), 2 on a wrong use.
 */
export const main = async (argv: readonly string[], io: Io = processIo): Promise<number> => {
  const [group, name, ...args] = argv;
  if (group === undefined || group === "--help" || group === "-h") return (io.out(HELP.platform), group ? 0 : 2);
  if (group !== "apps") return (io.err(`platform: unknown command ${group}\n\n${HELP.platform}`), 2);
  if (name === undefined || name === "--help" || name === "-h") return (io.out(HELP.apps), name ? 0 : 2);
  if (!Object.hasOwn(HELP, name) || name === "platform" || name === "apps")
    return (io.err(`platform apps: unknown command ${name}\n\n${HELP.apps}`), 2);
  const command = name as Command;
  try {
    return await run(io, command, args);
  } catch (e) {
    if (!(e instanceof UsageError) && (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS") !== true) throw e;
    io.err(`platform apps ${command}: ${(e as Error).message}\n\n${HELP[command]}`);
    return 2;
  }
};
