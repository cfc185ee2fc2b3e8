import { DomainError, newId, traced } from "@platform/kernel";
import type { Command, CommandContext, Event } from "@platform/kernel";
import { KeyConflictError, WrongExpectedVersionError } from "@platform/event-store";
import type { EventStore, InlineWrite, KeyClaim, RecordedEvent } from "@platform/event-store";
import { naturalKeyValues } from "./actor-definition.ts";
import type { AnyActorDefinition } from "./actor-definition.ts";
import type { JournalRule, Rule } from "./rules.ts";
import { createKeyedLock } from "./keyed-lock.ts";
import { BatchRejection, decideBatch, rejectionError } from "./decide-batch.ts";
import { createActorLoading, streamIdOf } from "./actor-loading.ts";
import { metadataOf } from "./initiator.ts";
import type { Initiator } from "./initiator.ts";
import type { LoadedActor } from "./actor-loading.ts";
import { createAddressing } from "./addressing.ts";
import { messageCommands } from "./message-commands.ts";
import { createExecuteNew } from "./execute-new.ts";
import type { InlineProjection } from "./followers/types.ts";
import { createReadDeferral } from "./deferred-reads.ts";

export type ExecuteOptions = {
  /** Run everything, append nothing. */
  readonly preview?: boolean;
  /** Pin the version (an If-Match): a mismatch is CONFLICT, never retried. */
  readonly expectedVersion?: number;
  /** The actor must already exist (default) or must not (`create`), or either (`any`). */
  readonly existence?: "exists" | "new" | "any";
  /**
   * Report a failing command as COMMAND_REJECTED naming its index (actor message API); default rethrows the domain
   * error.
   */
  readonly batchErrors?: boolean;
  /**
   * Start from this state instead of loading (chained previews, a worker's next command); a stale one is met by a retry
   * from a load.
   */
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
  /** The batch's time: its events' `metadata.at`. */
  readonly at: string;
};

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
  const locks = createKeyedLock();
  const now = options.now ?? (() => new Date());
  const maxRetries = options.maxRetries ?? 8;
  const deferral = createReadDeferral(options.afterAppend);

  const definition = (type: string): AnyActorDefinition => {
    const def = actors.get(type);
    if (!def) throw new DomainError("NOT_FOUND", `Unknown actor type '${type}'`);
    return def;
  };

  const loading = createActorLoading(store, definition, options.soleWriter);
  const { load, emptyActor } = loading;

  /** Every key value the state holds, by `<name>\0<value>` (a key may hold several values). */
  const keysOf = (def: AnyActorDefinition, state: unknown): Map<string, KeyClaim> =>
    new Map(
      naturalKeyValues(def, state).map(({ name, value }) => [
        `${name}\0${value}`,
        { scope: `${def.type}:${name}`, key: value },
      ]),
    );

  /**
   * Runs one atomic batch of commands against actor `id` of `type`: all events are appended
   * in one step or none are. Retries on a concurrent append unless a version was pinned.
   */
  const execute = async (
    type: string,
    id: string,
    commands: readonly Command[],
    who: Initiator,
    opts: ExecuteOptions = {},
  ): Promise<ExecuteResult> => {
    definition(type);
    // An actor handles one batch at a time in this process; other processes are met by the
    // expected-version check and a retry.
    if (opts.preview) return executeOnce(type, id, commands, who, opts);
    return traced(`command ${type}`, { "actor.type": type, "actor.id": id, "commands.count": commands.length }, () =>
      locks.run(streamIdOf(type, id), () => executeOnce(type, id, commands, who, opts)),
    );
  };

  const executeOnce = async (
    type: string,
    id: string,
    commands: readonly Command[],
    who: Initiator,
    opts: ExecuteOptions,
  ): Promise<ExecuteResult> => {
    const def = definition(type);
    const streamId = streamIdOf(type, id);
    for (let attempt = 0; ; attempt++) {
      const existence = opts.existence ?? "exists";
      // A new actor's stream must be empty: no need to read it, the append's expected version
      // (0) refuses it otherwise, as "already exists".
      const loaded =
        attempt === 0 && opts.base ? opts.base : existence === "new" ? emptyActor(type, id) : await load(type, id);
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
        decided = decideBatch(rules, def, id, loaded.state, commands, ctx);
      } catch (error) {
        throw error instanceof BatchRejection ? rejectionError(error, opts.batchErrors) : error;
      }
      const { events, state } = decided;
      const numbered = events.map((e, i) => ({ type: e.type, data: e.data, version: loaded.version + i + 1 }));
      if (opts.preview || events.length === 0) {
        return {
          id,
          events: numbered,
          state,
          version: loaded.version + events.length,
          position: null,
          at: ctx.now.toISOString(),
        };
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
        loading.appended(streamId, appended.nextExpectedVersion, state);
        await notifyJournal(type, id, streamId, loaded.version + 1);
        if (deferral.afterAppend && opts.readYourWrites !== false)
          await deferral.afterAppend(appended.position, [...new Set(events.map((e) => e.type))]);
        return {
          id,
          events: numbered,
          state,
          version: appended.nextExpectedVersion,
          position: appended.position,
          at: metadata.at,
        };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          loading.forget(streamId);
          if (opts.expectedVersion !== undefined)
            throw new DomainError("CONFLICT", "The resource was changed by someone else (stale If-Match)");
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

  return {
    register(def: AnyActorDefinition) {
      if (actors.has(def.type)) throw new Error(`Actor type ${def.type} registered twice`);
      actors.set(def.type, def);
    },
    /**
     * Writes this read model in the transaction of every append of its actor type (the store must have `inlineWrites`).
     */
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
    resolve: createAddressing(store, definition, loading.mint),
    execute,
    executeNew: createExecuteNew({
      store,
      definition,
      rules,
      now,
      emptyActor,
      keysOf,
      inlineWritesOf,
      appended: (streamId, version, state) => loading.appended(streamId, version, state),
      notifyJournal,
      afterAppend: deferral.afterAppend,
    }),
    /** A scope whose appends do not wait for the read models until asked (DeferredReads). */
    deferReads: deferral.deferReads,
    /**
     * Drops what this process holds of a stream (its folded state), whose events now read otherwise: its personal data
     * was erased.
     */
    forget: (streamId: string) => loading.forget(streamId),
    /** Validates a message body against its definition and returns its command batch. */
    commandsFor: (type: string, messageType: string, body: unknown, state: unknown) =>
      messageCommands(definition(type), messageType, body, state),
    store,
  };
};

export type ActorRuntime = ReturnType<typeof createActorRuntime>;
