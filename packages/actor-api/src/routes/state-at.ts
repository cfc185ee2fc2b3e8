import { DomainError } from "@platform/kernel";
import { createStateCache, streamIdOf } from "@platform/actor-runtime";
import type { AnyActorDefinition } from "@platform/actor-runtime";
import { readStreamRange } from "@platform/event-store";
import type { EventStore } from "@platform/event-store";

/**
 * `?version=N` of `GET /resources/actors/{type}/{id}`: a whole number from 1 to the actor's
 * version (400 naming `version` otherwise), or undefined when absent.
 */
export const versionParam = (raw: string | undefined, current: number): number | undefined => {
  if (raw === undefined) return undefined;
  const n = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : NaN;
  if (!(n <= current))
    throw new DomainError("VALIDATION_FAILED", `version must be a whole number from 1 to ${current}`, [
      { path: "version", message: `a whole number from 1 to ${current}` },
    ]);
  return n;
};

/** Per store: states as of a version already replayed (a journal's past never changes), the 1,000 last asked. */
const replays = new WeakMap<EventStore, ReturnType<typeof createStateCache<unknown>>>();

/** The actor's state as of `version`: its first `version` events replayed through the decider, as a load would. */
export const stateAt = async (
  store: EventStore,
  def: AnyActorDefinition,
  id: string,
  version: number,
): Promise<unknown> => {
  let cache = replays.get(store);
  if (!cache) replays.set(store, (cache = createStateCache<unknown>(1_000)));
  const streamId = streamIdOf(def.type, id);
  const key = `${streamId}\n${version}`;
  const hit = cache.get(key);
  if (hit) return hit.state;
  const events = await readStreamRange(store, streamId, 1, version);
  const state = events.reduce(
    (s, e) => def.decider.evolve(s, { type: e.type, data: e.data }),
    def.decider.initialState(),
  );
  // Only a whole replay is kept (a version the store could not give in full is not a past state).
  if (events.length === version) cache.set(key, version, state);
  return state;
};
