import { isDomainError } from "@platform/kernel";
import type { ActorRuntime, Actor, LoadedActor } from "./actor-runtime.ts";

export type ActorMessage = { readonly type: string; readonly body: unknown };

export type MessageResult =
  | { readonly type: string; readonly ok: true; readonly events: readonly { readonly type: string; readonly version: number }[] }
  | { readonly type: string; readonly ok: false; readonly error: { readonly code: string; readonly message: string; readonly details?: unknown } };

export type SendResult = {
  readonly actor: { readonly type: string; readonly id: string; readonly identifiers: Readonly<Record<string, string>>; readonly version: number };
  readonly results: readonly MessageResult[];
  readonly state: unknown;
  readonly preview: boolean;
  /** Whether the actor exists after the request (or would, with preview). */
  readonly exists: boolean;
};

/**
 * Processes messages for one actor separately and in order: each message's command batch is
 * atomic, and a failing message does not stop the ones after it. With `preview` every
 * message runs against the state the previous ones would have left, and nothing is stored.
 */
export const sendMessages = async (
  runtime: ActorRuntime,
  type: string,
  id: string,
  messages: readonly ActorMessage[],
  who: Actor,
  options: { readonly preview?: boolean } = {},
): Promise<SendResult> => {
  const def = runtime.definition(type);
  const preview = options.preview ?? false;
  let current: LoadedActor = await runtime.load(type, id);
  const results: MessageResult[] = [];
  for (const message of messages) {
    try {
      const commands = runtime.commandsFor(type, message.type, message.body, current.state);
      const r = await runtime.execute(type, id, commands, who, { existence: "any", preview, batchErrors: true, ...(preview ? { base: current } : {}) });
      current = { id, state: r.state, version: r.version, exists: r.version > 0 && def.exists(r.state) };
      results.push({ type: message.type, ok: true, events: r.events.map((e) => ({ type: e.type, version: e.version })) });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      results.push({
        type: message.type,
        ok: false,
        error: { code: error.code, message: error.message, ...(error.details !== undefined ? { details: error.details } : {}) },
      });
      if (!preview) current = await runtime.load(type, id);
    }
  }
  return {
    actor: { type, id, identifiers: def.identifiers ? def.identifiers(id, current.state) : { id }, version: current.version },
    results,
    state: def.view ? def.view(current.state) : current.state,
    preview,
    exists: current.exists,
  };
};
