import { readStreamRange } from "@platform/event-store";
import type { EventStore } from "@platform/event-store";
import type { AnyActorDefinition } from "./actor-definition.ts";
import { createStateCache } from "./state-cache.ts";

export type LoadedActor = {
  readonly id: string;
  readonly state: unknown;
  readonly version: number;
  readonly exists: boolean;
};

export const streamIdOf = (type: string, id: string) => `${type}-${id}`;

/** Ids minted for a virtual id that may wait unwritten; older ones age out (previews, failures never write). */
const MAX_MINTED = 10_000;

/**
 * How actors are loaded: their streams folded, over a cache of folded states that reads only
 * a stream's tail after what it holds (nothing at all when this runtime is the store's sole
 * writer, or the caller knows the version the cache holds is current).
 */
export const createActorLoading = (
  store: EventStore,
  definition: (type: string) => AnyActorDefinition,
  soleWriter?: () => boolean,
) => {
  const cache = createStateCache<unknown>();
  /**
   * Ids this process minted for a virtual id (`new`) and has not written yet: nobody else can
   * know them, so their stream is known to be empty and `load` skips the read. If one were
   * written elsewhere after all, the append's expected version still catches it.
   */
  const minted = new Set<string>();

  const emptyActor = (type: string, id: string): LoadedActor => ({
    id,
    state: definition(type).decider.initialState(),
    version: 0,
    exists: false,
  });

  /** `known`: a version the caller knows the stream reached (a read model's); a cached state of it needs no read. */
  const load = async (type: string, id: string, known?: { readonly version: number }): Promise<LoadedActor> => {
    const def = definition(type);
    const streamId = streamIdOf(type, id);
    if (minted.has(streamId)) return emptyActor(type, id);
    const cached = cache.get(streamId);
    if (cached && (soleWriter?.() || (known && cached.version >= known.version)))
      return {
        id,
        state: cached.state,
        version: cached.version,
        exists: cached.version > 0 && def.exists(cached.state),
      };
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

  return {
    load,
    emptyActor,
    /** A fresh id for a virtual id: its stream is known empty until written. */
    mint(type: string, id: string) {
      minted.add(streamIdOf(type, id));
      if (minted.size > MAX_MINTED) minted.delete(minted.values().next().value as string);
    },
    /** The batch that made `state` at `version` was appended. */
    appended(streamId: string, version: number, state: unknown) {
      minted.delete(streamId);
      cache.set(streamId, version, state);
    },
    /** Someone else wrote the stream: what is held of it is stale. */
    forget(streamId: string) {
      cache.delete(streamId);
      minted.delete(streamId);
    },
  };
};
