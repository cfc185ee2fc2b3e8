import type { Platform } from "@platform/host";
import type { Args } from "../args.ts";
import { UsageError } from "../args.ts";
import type { Output } from "../output.ts";

/**
 * `rebuild [<projection>|all]`: empties each projection's tables and replays the whole log
 * into them (followers.rebuild). A projection another process is following is refused:
 * stop the service's workers, or wait for their lease to lapse.
 */
export const rebuildCommand = async (platform: Platform, args: Args, io: Output): Promise<number> => {
  const projections = platform.followers
    .names()
    .filter((n) => n.startsWith("projection:"))
    .map((n) => n.slice("projection:".length));
  const wanted = args.positional[0] ?? "all";
  const names = wanted === "all" ? projections : [wanted];
  for (const name of names)
    if (!projections.includes(name))
      throw new UsageError(`unknown projection '${name}' (known: ${projections.join(", ")})`);
  let failures = 0;
  for (const name of names) {
    const started = Date.now();
    try {
      const count = await platform.followers.rebuild(name);
      io.out(`rebuilt ${name}: ${count} events in ${Date.now() - started} ms`);
    } catch (e) {
      failures++;
      io.err(`rebuild ${name} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return failures ? 1 : 0;
};
