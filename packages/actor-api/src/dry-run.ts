import { isDomainError } from "@platform/kernel";
import type { Initiator, ActorMessage, ActorRuntime, LoadedActor } from "@platform/actor-runtime";

/**
 * Runs the messages as a preview chain (nothing stored) and returns the raw state they would
 * leave. Authorization uses it when the outcome decides access (the `channelKey` a restricted
 * caller sets when creating an order, the typeKey of a new actor) so the whole request is
 * judged before anything is written.
 */
export const dryRun = async (
  runtime: ActorRuntime,
  type: string,
  start: LoadedActor,
  messages: readonly ActorMessage[],
  who: Initiator,
): Promise<LoadedActor> => {
  const def = runtime.definition(type);
  let current = start;
  for (const m of messages) {
    try {
      const commands = runtime.commandsFor(type, m.type, m.body, current.state);
      const r = await runtime.execute(type, start.id, commands, who, {
        existence: "any",
        preview: true,
        batchErrors: true,
        base: current,
      });
      current = { id: start.id, state: r.state, version: r.version, exists: r.version > 0 && def.exists(r.state) };
    } catch (error) {
      if (!isDomainError(error)) throw error;
    }
  }
  return current;
};
