import type { Command, CommandContext, Event } from "@platform/kernel";
import type { RecordedEvent } from "@platform/event-store";

/**
 * Lifecycle hooks. `before*` run before a command's events are applied and may veto by
 * throwing a DomainError; `afterCreate`, `afterDelete` and `commandsApplied` may return
 * commands, which join the same atomic batch; `journalWritten` runs after the append
 * and may only cause side effects.
 */
export type LifecycleHook =
  | "beforeCreate"
  | "afterCreate"
  | "beforeDelete"
  | "afterDelete"
  | "commandsApplied"
  | "journalWritten";

export type RuleContext = {
  readonly actorType: string;
  readonly actorId: string;
  /** The state at the hook: before the events for `before*`, after them otherwise. */
  readonly state: unknown;
  /** The events in question: the command's for create/delete hooks, the whole batch's for the others. */
  readonly events: readonly Event[];
  readonly command: CommandContext;
};

export type Rule = {
  readonly name: string;
  readonly actorType: string;
  readonly hook: LifecycleHook;
  readonly handle: (ctx: RuleContext) => readonly Command[] | void;
};

export type JournalRule = {
  readonly name: string;
  readonly actorType: string;
  readonly hook: "journalWritten";
  readonly handle: (ctx: {
    readonly actorType: string;
    readonly actorId: string;
    readonly events: readonly RecordedEvent[];
  }) => Promise<void> | void;
};

/** Hooks whose rules may return commands. */
export const emittingHooks: ReadonlySet<LifecycleHook> = new Set(["afterCreate", "afterDelete", "commandsApplied"]);
