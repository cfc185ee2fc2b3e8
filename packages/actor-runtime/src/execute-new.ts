import { DomainError, newId } from "@platform/kernel";
import type { Command, CommandContext, Event } from "@platform/kernel";
import { KeyConflictError, WrongExpectedVersionError } from "@platform/event-store";
import type { EventStore, InlineWrite, KeyClaim } from "@platform/event-store";
import type { AnyActorDefinition } from "./actor-definition.ts";
import type { LoadedActor } from "./actor-loading.ts";
import { streamIdOf } from "./actor-loading.ts";
import { BatchRejection, decideBatch, rejectionError } from "./decide-batch.ts";
import { metadataOf } from "./initiator.ts";
import type { Initiator } from "./initiator.ts";
import type { Rule } from "./rules.ts";
import type { ExecuteResult } from "./actor-runtime.ts";

/** What of the runtime making new actors together needs (actor-runtime.ts hands its own). */
type Parts = {
  readonly store: EventStore;
  readonly definition: (type: string) => AnyActorDefinition;
  readonly rules: readonly Rule[];
  readonly now: () => Date;
  readonly emptyActor: (type: string, id: string) => LoadedActor;
  readonly keysOf: (def: AnyActorDefinition, state: unknown) => Map<string, KeyClaim>;
  readonly inlineWritesOf: (type: string, id: string, state: unknown, version: number, at: string) => InlineWrite[];
  readonly appended: (streamId: string, version: number, state: unknown) => void;
  readonly notifyJournal: (type: string, id: string, streamId: string, fromVersion: number) => Promise<void>;
  readonly afterAppend: ((position: string, eventTypes: readonly string[]) => Promise<void>) | undefined;
};

/**
 * Makes several new actors of `type` in one atomic append (all or none): each runs its batch
 * from the empty state; an id already in use or a natural key held elsewhere refuses them all
 * (CONFLICT). The store must have `appendAll`. Answers each as `execute` would.
 */
export const createExecuteNew = (parts: Parts) => {
  const { store, definition, rules, now, emptyActor, keysOf, inlineWritesOf, notifyJournal } = parts;
  return async (
    type: string,
    batches: readonly { readonly id: string; readonly commands: readonly Command[] }[],
    who: Initiator,
  ): Promise<ExecuteResult[]> => {
    const def = definition(type);
    if (!store.appendAll)
      throw new DomainError(
        "INVALID_STATE",
        `The ${store.kind} event store cannot append atomically to several streams`,
      );
    const ctx = { now: now(), newId, ...who, correlationId: who.correlationId ?? who.requestId } as CommandContext;
    const metadata = metadataOf(ctx);
    const decided = batches.map((b) => {
      const empty = emptyActor(type, b.id);
      let out: { events: Event[]; state: unknown };
      try {
        out = decideBatch(rules, def, b.id, empty.state, b.commands, ctx);
      } catch (error) {
        throw error instanceof BatchRejection ? rejectionError(error, false) : error;
      }
      return { id: b.id, ...out };
    });
    let appended;
    try {
      appended = await store.appendAll(
        decided.map((d) => ({
          streamId: streamIdOf(type, d.id),
          events: d.events.map((e) => ({ type: e.type, data: e.data, metadata })),
          options: {
            expectedVersion: 0,
            reserveKeys: [...keysOf(def, d.state).values()],
            inline: inlineWritesOf(type, d.id, d.state, d.events.length, metadata.at),
          },
        })),
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError)
        throw new DomainError("CONFLICT", `A ${type} of these ids already exists`);
      if (error instanceof KeyConflictError) {
        const name = error.scope.slice(type.length + 1);
        throw new DomainError(
          def.naturalKeys?.[name]?.conflictCode ?? "CONFLICT",
          `${name} '${error.key}' is already in use`,
        );
      }
      throw error;
    }
    decided.forEach((d, i) => parts.appended(streamIdOf(type, d.id), appended[i]!.nextExpectedVersion, d.state));
    for (const d of decided) await notifyJournal(type, d.id, streamIdOf(type, d.id), 1);
    const last = appended.at(-1)?.position ?? null;
    if (last && parts.afterAppend)
      await parts.afterAppend(last, [...new Set(decided.flatMap((d) => d.events.map((e) => e.type)))]);
    return decided.map((d, i) => ({
      id: d.id,
      events: d.events.map((e, j) => ({ type: e.type, data: e.data, version: j + 1 })),
      state: d.state,
      version: appended[i]!.nextExpectedVersion,
      position: appended[i]!.position,
      at: metadata.at,
    }));
  };
};
