/** Parsed command line: positional words and `--name value` / `--flag` options. */
export type Args = {
  readonly command: string | undefined;
  readonly positional: readonly string[];
  readonly options: Readonly<Record<string, string | true>>;
};

export class UsageError extends Error {}

export const parseArgs = (argv: readonly string[]): Args => {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") continue;
    if (a.startsWith("--")) {
      const [name, inline] = a.slice(2).split("=", 2) as [string, string | undefined];
      const next = argv[i + 1];
      if (inline !== undefined) options[name] = inline;
      else if (next !== undefined && !next.startsWith("--") && name !== "json") {
        options[name] = next;
        i++;
      } else options[name] = true;
    } else positional.push(a);
  }
  return { command: positional[0], positional: positional.slice(1), options };
};

/** A required positional argument, or a UsageError naming it. */
export const required = (args: Args, index: number, name: string): string => {
  const v = args.positional[index];
  if (v === undefined) throw new UsageError(`missing <${name}>`);
  return v;
};

export const usage = `Usage: npm run ops -- <command>

  journal <type> <id|key> [--json]            print an actor's journal
  replay  <type> <id|key> [--version N | --at ISO-TIME]
                                              print the actor's state as of then
  verify                                      fold every stream; report failures (exit 1)
  rebuild [<projection>|all]                  rebuild projections from position 0

Runs against the service's configuration (env, .env) and says on stderr which data folder
or database it opened. With the embedded engine (no DATABASE_URL) stop the service first:
PGlite serves one process at a time; a DATA_DIR without a database is refused (exit 66).`;
