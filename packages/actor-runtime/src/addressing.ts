import { isUuid, newId } from "@platform/kernel";
import type { EventStore } from "@platform/event-store";
import type { AnyActorDefinition } from "./actor-definition.ts";

/**
 * Resolves a path id to the actor's UUID: a UUID as is, a natural key through the key
 * index, a virtual id (`new`) to a fresh UUID (`mint` told of it). Null when nothing matches.
 */
export const createAddressing =
  (store: EventStore, definition: (type: string) => AnyActorDefinition, mint: (type: string, id: string) => void) =>
  async (type: string, idOrKey: string): Promise<{ id: string; virtual: boolean } | null> => {
    const def = definition(type);
    if (def.virtualIds?.includes(idOrKey)) {
      const id = newId();
      mint(type, id);
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
