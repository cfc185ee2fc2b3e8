import type { Initiator } from "./metadata.ts";

/** A command: an imperative request to an actor, a string-literal `type` plus its fields. */
export type Command<Type extends string = string, Data = Record<string, unknown>> = { readonly type: Type } & Data;

/** An event: a past-tense fact. `data` is what is stored; the type names it. */
export type Event<Type extends string = string, Data = unknown> = { readonly type: Type; readonly data: Data };

/**
 * Who and why, carried by every command into `decide` (time and ids enter here so deciders
 * stay pure) and stored as the metadata of every event it produces.
 */
export type CommandContext = { readonly now: Date; readonly newId: () => string } & Initiator;

/** Emmett's shape: pure `decide` and `evolve`, an `initialState`. */
export type Decider<S, C extends Command, E extends Event> = {
  readonly decide: (command: C, state: S, ctx: CommandContext) => E | readonly E[];
  readonly evolve: (state: S, event: E) => S;
  readonly initialState: () => S;
};

/** A fixed "now" and new id, for events decided outside a runtime (contract samples). */
const sampleContext: CommandContext = {
  now: new Date("2026-01-02T03:04:05.000Z"),
  newId: () => "00000000-0000-7000-8000-000000000000",
};

/**
 * The events a decider records for these commands in turn, each decided against the state so far (contract samples).
 */
export const decideAll = <S, C extends Command, E extends Event>(
  decider: Decider<S, C, E>,
  commands: readonly C[],
  ctx: CommandContext = sampleContext,
): E[] => {
  let state = decider.initialState();
  const events: E[] = [];
  for (const command of commands)
    for (const e of [decider.decide(command, state, ctx)].flat() as E[]) {
      events.push(e);
      state = decider.evolve(state, e);
    }
  return events;
};

/** Exhaustiveness check for discriminated-union switches. */
export const assertNever = (value: never): never => {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
};
