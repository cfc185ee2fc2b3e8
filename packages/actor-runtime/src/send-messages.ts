import { isDomainError } from "@platform/kernel";
import type { Command, DomainError } from "@platform/kernel";
import type { ActorRuntime } from "./actor-runtime.ts";
import type { LoadedActor } from "./actor-loading.ts";
import type { Initiator } from "./initiator.ts";
import type { AnyActorDefinition } from "./actor-definition.ts";
import { bodyRelative, keyConflict, ownCommandCount } from "./report-error.ts";

export type ActorMessage = { readonly type: string; readonly body: unknown };

export type MessageResult =
  | {
      readonly type: string;
      readonly ok: true;
      readonly events: readonly { readonly type: string; readonly version: number }[];
    }
  | {
      readonly type: string;
      readonly ok: false;
      readonly error: { readonly code: string; readonly message: string; readonly details?: unknown };
    };

export type SendResult = {
  readonly actor: {
    readonly type: string;
    readonly id: string;
    readonly identifiers: Readonly<Record<string, string>>;
    readonly version: number;
  };
  readonly results: readonly MessageResult[];
  readonly state: unknown;
  readonly preview: boolean;
  /** Whether the actor exists after the request (or would, with preview). */
  readonly exists: boolean;
  /**
   * Nothing in the request got past "this actor does not exist": each message did nothing,
   * or failed on the first command of its batch as not found while the actor did not exist.
   */
  readonly untouched: boolean;
};

const asResult = (type: string, e: DomainError): MessageResult => ({
  type,
  ok: false,
  error: { code: e.code, message: e.message, ...(e.details !== undefined ? { details: e.details } : {}) },
});

/** The actor did not exist and the batch failed on its first command as not found. */
const blockedByAbsence = (before: LoadedActor, e: DomainError): boolean => {
  if (e.code === "NOT_FOUND") return true;
  const d = e.details as { reason?: string; commandIndex?: number } | undefined;
  return !before.exists && e.code === "COMMAND_REJECTED" && d?.reason === "NOT_FOUND" && d.commandIndex === 0;
};

/**
 * Processes messages for one actor: each message is its
 * own atomic batch, in order, and a failing one does not stop the rest; with `preview` each
 * runs on the state the previous ones would leave and nothing is stored. On top of the
 * runtime's `execute` it reports errors against the message body (`commandIndex` into the
 * body's `commands`, `field` for the message's own fields) and names a natural key another
 * actor holds, in previews too.
 */
export const sendMessages = async (
  runtime: ActorRuntime,
  type: string,
  id: string,
  messages: readonly ActorMessage[],
  who: Initiator,
  /** `loaded`: the actor as the caller just loaded it (saves reading its stream again). */
  options: { readonly preview?: boolean; readonly loaded?: LoadedActor } = {},
): Promise<SendResult> => {
  const def: AnyActorDefinition = runtime.definition(type);
  const preview = options.preview ?? false;
  const exists = (state: unknown, version: number) => version > 0 && def.exists(state);
  let current: LoadedActor = options.loaded ?? (await runtime.load(type, id));
  let untouched = true;
  const results: MessageResult[] = [];
  for (const message of messages) {
    const before = current;
    let commands: readonly Command[] = [];
    try {
      commands = runtime.commandsFor(type, message.type, message.body, current.state);
      const r = await runtime.execute(type, id, commands, who, {
        existence: "any",
        preview,
        batchErrors: true,
        ...(preview ? { base: current } : {}),
      });
      const taken = preview ? await keyConflict(runtime.store, def, id, current.state, r.state) : null;
      if (taken) {
        untouched = false;
        results.push(asResult(message.type, taken));
        continue;
      }
      current = { id, state: r.state, version: r.version, exists: exists(r.state, r.version) };
      if (r.events.length > 0) untouched = false;
      results.push({
        type: message.type,
        ok: true,
        events: r.events.map((e) => ({ type: e.type, version: e.version })),
      });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const reported = bodyRelative(error, ownCommandCount(commands.length, message.body));
      if (!blockedByAbsence(before, error)) untouched = false;
      results.push(asResult(message.type, reported));
      if (!preview) current = await runtime.load(type, id);
    }
  }
  return {
    actor: {
      type,
      id,
      identifiers: def.identifiers ? def.identifiers(id, current.state) : { id },
      version: current.version,
    },
    results,
    state: def.view ? def.view(current.state) : current.state,
    preview,
    exists: current.exists,
    untouched,
  };
};
