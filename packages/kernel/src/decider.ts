/** A command: an imperative request to an actor, a string-literal `type` plus its fields. */
export type Command<Type extends string = string, Data = Record<string, unknown>> = { readonly type: Type } & Data;

/** An event: a past-tense fact. `data` is what is stored; the type names it. */
export type Event<Type extends string = string, Data = unknown> = { readonly type: Type; readonly data: Data };

/**
 * Who and why, carried by every command into `decide` (time and ids enter here so deciders
 * stay pure) and stored as the metadata of every event it produces.
 */
export type CommandContext = {
  readonly now: Date;
  readonly newId: () => string;
  readonly principalId?: string;
  readonly clientId?: string;
  readonly sessionId?: string;
  readonly requestId?: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly appId?: string;
  readonly componentId?: string;
  readonly ingressId?: string;
};

/** Emmett's shape: pure `decide` and `evolve`, an `initialState`. */
export type Decider<S, C extends Command, E extends Event> = {
  readonly decide: (command: C, state: S, ctx: CommandContext) => E | readonly E[];
  readonly evolve: (state: S, event: E) => S;
  readonly initialState: () => S;
};

/** Exhaustiveness check for discriminated-union switches. */
export const assertNever = (value: never): never => {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
};
