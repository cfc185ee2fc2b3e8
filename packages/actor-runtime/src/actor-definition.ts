import type { GenericSchema } from "valibot";
import type { Caller, Command, Decider, ErrorCode, Event } from "@platform/kernel";

/** Who reads an actor's events away from a request (a subscription's maker, as it is now). */
export type EventReader = Pick<Caller, "can" | "attributes">;

/** How a message body becomes a batch of commands. */
export type MessageDefinition<S, C extends Command> = {
  /** Validates and types the body (valibot); a failure is VALIDATION_FAILED and runs nothing. */
  readonly body: GenericSchema<unknown, unknown>;
  /** The commands this message asks for, given the validated body and the current state. */
  readonly toCommands: (body: never, state: S) => readonly C[];
};

/** A natural key: another identifier of the actor, unique across actors of the type. */
export type NaturalKey<S> = {
  /**
   * The key's value in a state, or undefined when it has none; or several values (an app's
   * routes), each reserved on its own: another actor holding any one of them is a conflict.
   */
  readonly of: (state: S) => string | readonly string[] | undefined | null;
  /** Whether `/actors/<type>/<value>` may address the actor by this key. Default true. */
  readonly addressable?: boolean;
  /** The error code when another actor holds the value. Default CONFLICT. */
  readonly conflictCode?: ErrorCode;
};

/**
 * An actor type: its decider, the messages it accepts, and its identifiers.
 * State is derived only by folding its events (`evolve`).
 */
export type ActorDefinition<S, C extends Command, E extends Event> = {
  /** The type name in routes and stream ids: `order` → streams `order-<uuid>`. */
  readonly type: string;
  readonly decider: Decider<S, C, E>;
  readonly messages: Readonly<Record<string, MessageDefinition<S, C>>>;
  /** Whether the actor exists in this state (it was created and not deleted). */
  readonly exists: (state: S) => boolean;
  readonly naturalKeys?: Readonly<Record<string, NaturalKey<S>>>;
  /** Virtual ids (`new`): addressing one creates a fresh actor with a new UUID. */
  readonly virtualIds?: readonly string[];
  /** Event types that create and delete the actor, for the lifecycle hooks. */
  readonly lifecycle?: { readonly created?: readonly string[]; readonly deleted?: readonly string[] };
  /** The identifiers shown for an actor (`{orderId, orderNumber}`). Default `{id}`. */
  readonly identifiers?: (id: string, state: S) => Readonly<Record<string, string>>;
  /** The public view of the state (default the state itself). */
  readonly view?: (state: S) => unknown;
  /** Optional sub-type for actor ACEs `actors/<type>/<typeKey>:<message>`. */
  readonly typeKey?: (state: S) => string | undefined;
  /** Access attributes of the actor, for ABAC (for example `{channelKey: "web"}`). */
  readonly attributes?: (state: S) => Readonly<Record<string, string | undefined>>;
  /**
   * Whether the generic actor API (`/resources/actors/<type>/…`) serves this type. Default
   * true. False for actors whose records are guarded by their own context's permissions and
   * rules (IAM's principals, clients and roles): the generic `actors/<type>:read` must not
   * become a second, weaker way to read them.
   */
  readonly actorApi?: boolean;
  /**
   * Whether `reader` may read this actor's events (its journal), with the permission and the
   * access-attribute rule of the context's own journal route. Default (see `mayReadEvents`):
   * `actors/<type>:read` and `attributes` for a type the generic actor API serves; no one for
   * one it does not, unless the type says.
   */
  readonly readableBy?: (reader: EventReader, id: string, state: S) => boolean;
  /** Every event type its decider appends: the event catalog names the actor type of each. */
  readonly eventTypes?: readonly string[];
  /**
   * Whether `reader` may read the events of some actor of this type: the permission part of `readableBy`, without
   * what depends on one actor (its id, its state, the reader's access attributes). The event catalog lists a type's
   * events by it; each event is still checked by `readableBy` when it is delivered. Default: `actors/<type>:read`
   * for a type the generic actor API serves, no one for a type with a `readableBy` of its own that does not say.
   */
  readonly typeReadableBy?: (reader: Pick<EventReader, "can">) => boolean;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyActorDefinition = ActorDefinition<any, any, any>;

/** Helper that keeps the generic parameters when declaring an actor. */
export const defineActor = <S, C extends Command, E extends Event>(
  def: ActorDefinition<S, C, E>,
): ActorDefinition<S, C, E> => def;

/** Every natural key value a state holds, as `{name, value}` (a key may hold several values; empty ones are none). */
export const naturalKeyValues = (
  def: AnyActorDefinition,
  state: unknown,
): { readonly name: string; readonly value: string }[] => {
  const out: { name: string; value: string }[] = [];
  for (const [name, nk] of Object.entries(def.naturalKeys ?? {})) {
    const of = (nk as NaturalKey<unknown>).of(state);
    for (const value of typeof of === "string" ? [of] : (of ?? [])) if (value !== "") out.push({ name, value });
  }
  return out;
};
