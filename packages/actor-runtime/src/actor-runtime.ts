import * as v from "valibot";
import { DomainError, isDomainError, isUuid, newId } from "@platform/kernel";
import type { Command, CommandContext, Event, EventMetadata } from "@platform/kernel";
import { KeyConflictError, WrongExpectedVersionError, readStreamRange } from "@platform/event-store";
import type { EventStore, InlineWrite, KeyClaim, RecordedEvent } from "@platform/event-store";
import { naturalKeyValues } from "./actor-definition.ts";
import type { AnyActorDefinition } from "./actor-definition.ts";
import { emittingHooks } from "./rules.ts";
import type { JournalRule, LifecycleHook, Rule } from "./rules.ts";
import { createStateCache } from "./state-cache.ts";
import { createKeyedLock } from "./keyed-lock.ts";
import type { InlineProjection } from "./followers/types.ts";

/** Who is acting and why; becomes the CommandContext and the events' metadata. */
export type Actor = {
  readonly principalId?: string | undefined;
  readonly clientId?: string | undefined;
  readonly sessionId?: string | undefined;
  readonly requestId?: string | undefined;
  readonly correlationId?: string | undefined;
  readonly causationId?: string | undefined;
  /** An app's component acting (ctx): which app, component and ingress. */
  readonly appId?: string | undefined;
  readonly componentId?: string | undefined;
  readonly ingressId?: string | undefined;
};

export type ExecuteOptions = {
  /** Run everything, append nothing. */
  readonly preview?: boolean;
  /** Pin the version (an If-Match): a mismatch is CONFLICT, never retried. */
  readonly expectedVersion?: number;
  /** The actor must already exist (default) or must not (`create`), or either (`any`). */
  readonly existence?: "exists" | "new" | "any";
  /** Report a failing command as COMMAND_REJECTED naming its index (actor message API); default rethrows the domain error. */
  readonly batchErrors?: boolean;
  /** Start from this state instead of loading (chained previews, a worker's next command); a stale one is met by a retry from a load. */
  readonly base?: LoadedActor;
  /**
   * false: return once appended, without waiting for the read models to show it (afterAppend).
   * For a writer that reads none of them next (a job worker); default true (read your writes).
   */
  readonly readYourWrites?: boolean;
};

export type ExecuteResult = {
  readonly id: string;
  readonly events: readonly { readonly type: string; readonly version: number; readonly data: unknown }[];
  readonly state: unknown;
  readonly version: number;
  /** Position of the last appended event; null when nothing was appended. */
  readonly position: string | null;
};

export type LoadedActor = { readonly id: string; readonly state: unknown; readonly version: number; readonly exists: boolean };

export type ActorRuntimeOptions = {
  readonly store: EventStore;
  /** Awaited after each append so read models reflect it (read your writes). */
  readonly afterAppend?: (position: string, eventTypes: readonly string[]) => Promise<void>;
  readonly now?: () => Date;
  /** Version-conflict retries when no version was pinned. Default 8. */
  readonly maxRetries?: number;
  readonly onRuleError?: (rule: string, error: unknown) => void;
  /**
   * This runtime is the only writer of its store (the embedded engine, which one process holds
   * alone, and every append goes through here): a state it has cached is current, so a load
   * of a cached actor reads nothing. Otherwise each load reads the stream's tail after it.
   */
  readonly soleWriter?: () => boolean;
};

const MAX_RULE_DEPTH = 8;

/** A command of a batch failed; carries which one. */
class BatchRejection extends Error {
  constructor(
    readonly error: DomainError,
    readonly commandIndex: number,
    readonly commandType: string,
  ) {
    super(error.message);
  }
}

export const streamIdOf = (type: string, id: string) => `${type}-${id}`;

/**
 * Loads actors by folding their streams, runs command batches through their deciders and
 * lifecycle rules, and appends each batch atomically with an expected version.
 */
export const createActorRuntime = (options: ActorRuntimeOptions) => {
  const { store } = options;
  const actors = new Map<string, AnyActorDefinition>();
  const rules: Rule[] = [];
  const journalRules: JournalRule[] = [];
  /** Per actor type, the read models written in its appends' transactions. */
  const inlineProjections = new Map<string, InlineProjection[]>();
  const cache = createStateCache<unknown>();
  const locks = createKeyedLock();
  const now = options.now ?? (() => new Date());
  const maxRetries = options.maxRetries ?? 8;

  const definition = (type: string): AnyActorDefinition => {
    const def = actors.get(type);
    if (!def) throw new DomainError("NOT_FOUND", `Unknown actor type '${type}'`);
    return def;
  };

  /**
   * Ids this process minted for a virtual id (`new`) and has not written yet: nobody else can
   * know them, so their stream is known to be empty and `load` skips the read. If one were
   * written elsewhere after all, the append's expected version still catches it.
   */
  const minted = new Set<string>();

  const emptyActor = (type: string, id: string): LoadedActor => ({ id, state: definition(type).decider.initialState(), version: 0, exists: false });

  /** `known`: a version the caller knows the stream reached (a read model's); a cached state of it needs no read. */
  const load = async (type: string, id: string, known?: { readonly version: number }): Promise<LoadedActor> => {
    const def = definition(type);
    const streamId = streamIdOf(type, id);
    if (minted.has(streamId)) return emptyActor(type, id);
    const cached = cache.get(streamId);
    if (cached && (options.soleWriter?.() || (known && cached.version >= known.version)))
      return { id, state: cached.state, version: cached.version, exists: cached.version > 0 && def.exists(cached.state) };
    let state = cached ? cached.state : def.decider.initialState();
    let version = cached?.version ?? 0;
    // The tails the loads of one turn of the event loop ask for (a worker starting a batch of
    // jobs, a burst of requests) go to the store as one read.
    const tail = await readStreamRange(store, streamId, version + 1, Number.MAX_SAFE_INTEGER);
    for (const e of tail) {
      state = def.decider.evolve(state, { type: e.type, data: e.data });
      version = e.version;
    }
    if (tail.length > 0) cache.set(streamId, version, state);
    return { id, state, version, exists: version > 0 && def.exists(state) };
  };

  /** Every key value the state holds, by `<name>\0<value>` (a key may hold several values). */
  const keysOf = (def: AnyActorDefinition, state: unknown): Map<string, KeyClaim> =>
    new Map(naturalKeyValues(def, state).map(({ name, value }) => [`${name}\0${value}`, { scope: `${def.type}:${name}`, key: value }]));

  const runRules = (hook: LifecycleHook, type: string, id: string, state: unknown, events: readonly Event[], ctx: CommandContext): Command[] => {
    const emitted: Command[] = [];
    for (const rule of rules) {
      if (rule.actorType !== type || rule.hook !== hook) continue;
      const out = rule.handle({ actorType: type, actorId: id, state, events, command: ctx });
      if (out && emittingHooks.has(hook)) emitted.push(...out);
    }
    return emitted;
  };

  /** Decides a batch against `state`; throws COMMAND_REJECTED naming the failing command. */
  const decideBatch = (def: AnyActorDefinition, id: string, state: unknown, commands: readonly Command[], ctx: CommandContext) => {
    const created = new Set(def.lifecycle?.created ?? []);
    const deleted = new Set(def.lifecycle?.deleted ?? []);
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
          if (creates.length) runRules("beforeCreate", def.type, id, current, creates, ctx);
          if (deletes.length) runRules("beforeDelete", def.type, id, current, deletes, ctx);
          for (const e of events) current = def.decider.evolve(current, e);
          produced.push(...events);
          const follow: Command[] = [];
          if (creates.length) follow.push(...runRules("afterCreate", def.type, id, current, creates, ctx));
          if (deletes.length) follow.push(...runRules("afterDelete", def.type, id, current, deletes, ctx));
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
    let extra = runRules("commandsApplied", def.type, id, current, produced, ctx);
    while (extra.length) {
      if (++depth > MAX_RULE_DEPTH) throw new BatchRejection(new DomainError("INVALID_STATE", "Rules emitted commands too deeply"), commands.length, "rules");
      const before = produced.length;
      applyCommands(extra, depth, commands.length);
      extra = runRules("commandsApplied", def.type, id, current, produced.slice(before), ctx);
    }
    return { events: produced, state: current };
  };

  const metadataOf = (ctx: CommandContext): EventMetadata => ({
    at: ctx.now.toISOString(),
    ...(ctx.principalId ? { principalId: ctx.principalId } : {}),
    ...(ctx.clientId ? { clientId: ctx.clientId } : {}),
    ...(ctx.sessionId ? { sessionId: ctx.sessionId } : {}),
    ...(ctx.requestId ? { requestId: ctx.requestId } : {}),
    ...(ctx.correlationId ? { correlationId: ctx.correlationId } : {}),
    ...(ctx.causationId ? { causationId: ctx.causationId } : {}),
    ...(ctx.appId ? { appId: ctx.appId } : {}),
    ...(ctx.componentId ? { componentId: ctx.componentId } : {}),
    ...(ctx.ingressId ? { ingressId: ctx.ingressId } : {}),
  });

  /**
   * Runs one atomic batch of commands against actor `id` of `type`: all events are appended
   * in one step or none are. Retries on a concurrent append unless a version was pinned.
   */
  const execute = async (type: string, id: string, commands: readonly Command[], who: Actor, opts: ExecuteOptions = {}): Promise<ExecuteResult> => {
    definition(type);
    // An actor handles one batch at a time in this process; other processes are met by the
    // expected-version check and a retry.
    return opts.preview ? executeOnce(type, id, commands, who, opts) : locks.run(streamIdOf(type, id), () => executeOnce(type, id, commands, who, opts));
  };

  const executeOnce = async (type: string, id: string, commands: readonly Command[], who: Actor, opts: ExecuteOptions): Promise<ExecuteResult> => {
    const def = definition(type);
    const streamId = streamIdOf(type, id);
    for (let attempt = 0; ; attempt++) {
      const existence = opts.existence ?? "exists";
      // A new actor's stream must be empty: no need to read it, the append's expected version
      // (0) refuses it otherwise, as "already exists".
      const loaded = attempt === 0 && opts.base ? opts.base : existence === "new" ? emptyActor(type, id) : await load(type, id);
      if (existence === "exists" && !loaded.exists) throw new DomainError("NOT_FOUND", `${type} ${id} not found`);
      if (existence === "new" && loaded.version > 0) throw new DomainError("CONFLICT", `${type} ${id} already exists`);
      if (opts.expectedVersion !== undefined && opts.expectedVersion !== loaded.version)
        throw new DomainError("CONFLICT", "The resource was changed by someone else (stale If-Match)");
      const ctx: CommandContext = {
        now: now(),
        newId,
        ...who,
        correlationId: who.correlationId ?? who.requestId,
      } as CommandContext;
      let decided: { events: Event[]; state: unknown };
      try {
        decided = decideBatch(def, id, loaded.state, commands, ctx);
      } catch (error) {
        if (!(error instanceof BatchRejection)) throw error;
        if (!opts.batchErrors) throw error.error;
        throw new DomainError("COMMAND_REJECTED", error.error.message, {
          commandIndex: error.commandIndex,
          command: error.commandType,
          reason: error.error.code,
          ...(error.error.details !== undefined ? { details: error.error.details } : {}),
        });
      }
      const { events, state } = decided;
      const numbered = events.map((e, i) => ({ type: e.type, data: e.data, version: loaded.version + i + 1 }));
      if (opts.preview || events.length === 0) {
        return { id, events: numbered, state, version: loaded.version + events.length, position: null };
      }
      const before = keysOf(def, loaded.state);
      const after = keysOf(def, state);
      const reserveKeys = [...after].filter(([k]) => !before.has(k)).map(([, claim]) => claim);
      const releaseKeys = [...before].filter(([k]) => !after.has(k)).map(([, claim]) => claim);
      const metadata = metadataOf(ctx);
      const inline = inlineWritesOf(type, id, state, loaded.version + events.length, metadata.at);
      try {
        const appended = await store.append(
          streamId,
          events.map((e) => ({ type: e.type, data: e.data, metadata })),
          { expectedVersion: loaded.version, reserveKeys, releaseKeys, ...(inline.length ? { inline } : {}) },
        );
        minted.delete(streamId);
        cache.set(streamId, appended.nextExpectedVersion, state);
        await notifyJournal(type, id, streamId, loaded.version + 1);
        if (options.afterAppend && opts.readYourWrites !== false) await options.afterAppend(appended.position, [...new Set(events.map((e) => e.type))]);
        return { id, events: numbered, state, version: appended.nextExpectedVersion, position: appended.position };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          cache.delete(streamId);
          minted.delete(streamId);
          if (opts.expectedVersion !== undefined) throw new DomainError("CONFLICT", "The resource was changed by someone else (stale If-Match)");
          if (existence === "new") throw new DomainError("CONFLICT", `${type} ${id} already exists`);
          if (attempt < maxRetries) {
            await new Promise((r) => setTimeout(r, Math.random() * 5 * 2 ** attempt));
            continue;
          }
          throw new DomainError("CONFLICT", "Too many concurrent changes; try again");
        }
        if (error instanceof KeyConflictError) {
          const name = error.scope.slice(type.length + 1);
          const code = def.naturalKeys?.[name]?.conflictCode ?? "CONFLICT";
          const message = `${name} '${error.key}' is already in use`;
          // As a batch rejection (the message API) it names the key as the field.
          if (opts.batchErrors) throw new DomainError("COMMAND_REJECTED", message, { field: name, reason: code });
          throw new DomainError(code, message);
        }
        throw error;
      }
    }
  };

  const inlineWritesOf = (type: string, id: string, state: unknown, version: number, at: string): InlineWrite[] => {
    const writes: InlineWrite[] = [];
    for (const p of inlineProjections.get(type) ?? []) {
      const arg = p.arg(id, state, version, at);
      if (arg !== null) writes.push({ fn: p.fn, arg });
    }
    return writes;
  };

  const notifyJournal = async (type: string, id: string, streamId: string, fromVersion: number) => {
    const wanted = journalRules.filter((r) => r.actorType === type);
    if (wanted.length === 0) return;
    const events: RecordedEvent[] = await store.readStream(streamId, { fromVersion });
    for (const rule of wanted) {
      try {
        await rule.handle({ actorType: type, actorId: id, events });
      } catch (error) {
        options.onRuleError?.(rule.name, error);
      }
    }
  };

  /**
   * Resolves a path id to the actor's UUID: a UUID as is, a natural key through the key
   * index, a virtual id (`new`) to a fresh UUID. Null when nothing matches.
   */
  const resolve = async (type: string, idOrKey: string): Promise<{ id: string; virtual: boolean } | null> => {
    const def = definition(type);
    if (def.virtualIds?.includes(idOrKey)) {
      const id = newId();
      minted.add(streamIdOf(type, id));
      // Bounded: ids minted for requests that never wrote (previews, failures) age out.
      if (minted.size > 10_000) minted.delete(minted.values().next().value as string);
      return { id, virtual: true };
    }
    if (isUuid(idOrKey)) return { id: idOrKey.toLowerCase(), virtual: false };
    for (const [name, nk] of Object.entries(def.naturalKeys ?? {})) {
      if (nk.addressable === false) continue;
      const stream = await store.lookupKey(`${type}:${name}`, idOrKey);
      if (stream) return { id: stream.slice(type.length + 1), virtual: false };
    }
    return null;
  };

  /** Validates a message body against its definition and returns its command batch. */
  const commandsFor = (type: string, messageType: string, body: unknown, state: unknown): readonly Command[] => {
    const def = definition(type);
    const message = Object.hasOwn(def.messages, messageType) ? def.messages[messageType] : undefined;
    if (!message) throw new DomainError("VALIDATION_FAILED", `Actor type '${type}' has no message '${messageType}'`, [{ path: "type", message: `unknown message type '${messageType}'` }]);
    const parsed = v.safeParse(message.body, body);
    if (!parsed.success)
      throw new DomainError(
        "VALIDATION_FAILED",
        `Invalid body for message '${messageType}'`,
        parsed.issues.map((i) => ({ path: ["body", ...(i.path ?? []).map((p) => String(p.key))].join("."), message: i.message })),
      );
    return message.toCommands(parsed.output as never, state);
  };

  return {
    register(def: AnyActorDefinition) {
      if (actors.has(def.type)) throw new Error(`Actor type ${def.type} registered twice`);
      actors.set(def.type, def);
    },
    /** Writes this read model in the transaction of every append of its actor type (the store must have `inlineWrites`). */
    addInlineProjection(p: InlineProjection) {
      if (!store.inlineWrites) throw new Error(`The ${store.kind} event store cannot write read models inline`);
      inlineProjections.set(p.actorType, [...(inlineProjections.get(p.actorType) ?? []), p]);
    },
    addRule(rule: Rule | JournalRule) {
      if (rule.hook === "journalWritten") journalRules.push(rule as JournalRule);
      else rules.push(rule as Rule);
    },
    has: (type: string) => actors.has(type),
    types: () => [...actors.keys()],
    definition,
    load,
    resolve,
    execute,
    commandsFor,
    store,
  };
};

export type ActorRuntime = ReturnType<typeof createActorRuntime>;
