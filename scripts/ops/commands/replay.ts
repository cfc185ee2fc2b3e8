import { streamIdOf } from "@platform/actor-runtime";
import type { Platform } from "@platform/host";
import type { Args } from "../args.ts";
import { UsageError, required } from "../args.ts";
import type { Output } from "../output.ts";
import { resolveActor } from "../resolve-actor.ts";

/**
 * `replay <type> <id|key> [--version N | --at ISO]`: folds the journal up to version N, or
 * up to the last event recorded at or before the time, and prints the state as of then.
 */
export const replayCommand = async (platform: Platform, args: Args, io: Output): Promise<number> => {
  const type = required(args, 0, "type");
  const id = await resolveActor(platform, type, required(args, 1, "id|key"));
  const { version, at } = args.options;
  if (version !== undefined && at !== undefined) throw new UsageError("use --version or --at, not both");
  const upTo = version === undefined ? undefined : Number(version);
  if (upTo !== undefined && (!Number.isSafeInteger(upTo) || upTo < 0))
    throw new UsageError("--version must be a whole number ≥ 0");
  const until = at === undefined ? undefined : Date.parse(String(at));
  if (until !== undefined && Number.isNaN(until)) throw new UsageError("--at must be an ISO 8601 time");

  const def = platform.runtime.definition(type);
  const events = await platform.store.readStream(streamIdOf(type, id), upTo === undefined ? {} : { toVersion: upTo });
  let state = def.decider.initialState();
  let reached = 0;
  let reachedAt: string | null = null;
  for (const e of events) {
    if (until !== undefined && Date.parse(e.metadata.at) > until) break;
    state = def.decider.evolve(state, { type: e.type, data: e.data });
    reached = e.version;
    reachedAt = e.metadata.at;
  }
  const view = reached > 0 ? (def.view ? def.view(state) : state) : null;
  io.out(
    JSON.stringify(
      {
        actor: { type, id, identifiers: def.identifiers ? def.identifiers(id, state) : { id }, version: reached },
        asOf: reachedAt,
        state: view,
      },
      null,
      2,
    ),
  );
  return 0;
};
