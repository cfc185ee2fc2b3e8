import { streamIdOf } from "@platform/actor-runtime";
import type { Platform } from "@platform/host";
import type { Args } from "../args.ts";
import { required } from "../args.ts";
import type { Output } from "../output.ts";
import { resolveActor } from "../resolve-actor.ts";

const who = (m: Record<string, unknown>) =>
  m.principalId ? `principal:${m.principalId}` : m.clientId ? `client:${m.clientId}` : "system";

/**
 * `journal <type> <id|key> [--json]`: every event of the actor, oldest first, each with its log
 * position (what a subscription's replay takes) beside the store's sequence number.
 */
export const journalCommand = async (platform: Platform, args: Args, io: Output): Promise<number> => {
  const type = required(args, 0, "type");
  const id = await resolveActor(platform, type, required(args, 1, "id|key"));
  const events = await platform.store.readStream(streamIdOf(type, id));
  for (const e of events) {
    if (args.options.json) {
      io.out(
        JSON.stringify({
          type: e.type,
          version: e.version,
          position: e.position,
          globalPosition: e.globalPosition,
          data: e.data,
          metadata: e.metadata,
        }),
      );
      continue;
    }
    const m = e.metadata as Record<string, unknown>;
    io.out(
      `v${e.version}  #${e.globalPosition}  ${e.position}  ${m.at}  ${e.type}  by ${who(m)}  ` +
        `request ${m.requestId ?? "-"}  ${JSON.stringify(e.data)}`,
    );
  }
  if (!args.options.json) io.out(`${type} ${id}: ${events.length} events`);
  return 0;
};
