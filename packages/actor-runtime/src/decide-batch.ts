import { DomainError, isDomainError } from "@platform/kernel";
import type { Command, CommandContext, Event } from "@platform/kernel";
import type { AnyActorDefinition } from "./actor-definition.ts";
import { emittingHooks } from "./rules.ts";
import type { LifecycleHook, Rule } from "./rules.ts";

/** How deep rules may emit commands that emit commands: beyond it the batch is refused, not looped. */
const MAX_RULE_DEPTH = 8;

/** A command of a batch failed; carries which one. */
export class BatchRejection extends Error {
  constructor(
    readonly error: DomainError,
    readonly commandIndex: number,
    readonly commandType: string,
  ) {
    super(error.message);
  }
}

/** The lifecycle rules of `hook` on `type`, run in order; the commands the emitting ones return. */
const runRules = (
  rules: readonly Rule[],
  hook: LifecycleHook,
  type: string,
  id: string,
  state: unknown,
  events: readonly Event[],
  ctx: CommandContext,
): Command[] => {
  const emitted: Command[] = [];
  for (const rule of rules) {
    if (rule.actorType !== type || rule.hook !== hook) continue;
    const out = rule.handle({ actorType: type, actorId: id, state, events, command: ctx });
    if (out && emittingHooks.has(hook)) emitted.push(...out);
  }
  return emitted;
};

/**
 * Decides a batch against `state` with the lifecycle rules: the events it records and the
 * state they leave. Throws a BatchRejection naming the failing command.
 */
export const decideBatch = (
  rules: readonly Rule[],
  def: AnyActorDefinition,
  id: string,
  state: unknown,
  commands: readonly Command[],
  ctx: CommandContext,
) => {
  const created = new Set(def.lifecycle?.created ?? []);
  const deleted = new Set(def.lifecycle?.deleted ?? []);
  const hooks = (hook: LifecycleHook, at: unknown, events: readonly Event[]) =>
    runRules(rules, hook, def.type, id, at, events, ctx);
  const produced: Event[] = [];
  let current = state;
  const applyCommands = (batch: readonly Command[], depth: number, indexBase: number | null) => {
    batch.forEach((command, i) => {
      const commandIndex = indexBase ?? i;
      try {
        const out = def.decider.decide(command, current, ctx);
        const events = (Array.isArray(out) ? out : [out]) as Event[];
        const creates = events.filter((e) => created.has(e.type));
        const deletes = events.filter((e) => deleted.has(e.type));
        if (creates.length) hooks("beforeCreate", current, creates);
        if (deletes.length) hooks("beforeDelete", current, deletes);
        for (const e of events) current = def.decider.evolve(current, e);
        produced.push(...events);
        const follow: Command[] = [];
        if (creates.length) follow.push(...hooks("afterCreate", current, creates));
        if (deletes.length) follow.push(...hooks("afterDelete", current, deletes));
        if (follow.length) {
          if (depth >= MAX_RULE_DEPTH) throw new DomainError("INVALID_STATE", "Rules emitted commands too deeply");
          applyCommands(follow, depth + 1, commandIndex);
        }
      } catch (error) {
        if (error instanceof BatchRejection || !isDomainError(error)) throw error;
        throw new BatchRejection(error, commandIndex, command.type);
      }
    });
  };
  applyCommands(commands, 0, null);
  // Rules on the whole batch may add commands; they join the batch and are decided too.
  let depth = 0;
  let extra = hooks("commandsApplied", current, produced);
  while (extra.length) {
    if (++depth > MAX_RULE_DEPTH)
      throw new BatchRejection(
        new DomainError("INVALID_STATE", "Rules emitted commands too deeply"),
        commands.length,
        "rules",
      );
    const before = produced.length;
    applyCommands(extra, depth, commands.length);
    extra = hooks("commandsApplied", current, produced.slice(before));
  }
  return { events: produced, state: current };
};

/**
 * A batch's rejection as the caller asked for it: the command's own error, or COMMAND_REJECTED naming it (the message
 * API).
 */
export const rejectionError = (error: BatchRejection, batchErrors: boolean | undefined): DomainError =>
  batchErrors
    ? new DomainError("COMMAND_REJECTED", error.error.message, {
        commandIndex: error.commandIndex,
        command: error.commandType,
        reason: error.error.code,
        ...(error.error.details !== undefined ? { details: error.error.details } : {}),
      })
    : error.error;
