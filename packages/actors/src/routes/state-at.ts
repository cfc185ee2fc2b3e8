import { DomainError } from "@platform/kernel";
import { streamIdOf } from "@platform/actor-runtime";
import type { AnyActorDefinition } from "@platform/actor-runtime";
import type { EventStore } from "@platform/event-store";

/**
 * `?version=N` of `GET /resources/actors/{type}/{id}`: a whole number from 1 to the actor's
 * version (400 naming `version` otherwise), or undefined when absent.
 */
export const versionParam = (raw: string | undefined, current: number): number | undefined => {
  if (raw === undefined) return undefined;
  const n = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : NaN;
  if (!(n <= current)) throw new DomainError("VALIDATION_FAILED", `version must be a whole number from 1 to ${current}`, [{ path: "version", message: `a whole number from 1 to ${current}` }]);
  return n;
};

/** The actor's state as of `version`: its first `version` events replayed through the decider, as a load would. */
export const stateAt = async (store: EventStore, def: AnyActorDefinition, id: string, version: number): Promise<unknown> => {
  const events = await store.readStream(streamIdOf(def.type, id), { toVersion: version });
  return events.reduce((state, e) => def.decider.evolve(state, { type: e.type, data: e.data }), def.decider.initialState());
};
