import { actorTypeOfStream, mayReadEvents, readsState } from "@platform/actor-runtime";
import type { EventReader } from "@platform/actor-runtime";
import type { RecordedEvent } from "@platform/event-store";
import { combineAttributes } from "@platform/kernel";
import type { PlatformDeps } from "@platform/host";
import type { Maker } from "../subscription/events.ts";
import { ports } from "@platform/ports";

/**
 * The reader rule (docs/WEBHOOKS.md): a subscription delivers only what its maker may read at
 * delivery, with the permission and access attributes of the event's own journal route.
 */
export const createEventAccess = (deps: PlatformDeps) => ({
  /**
   * The maker as it is now, narrowed by its attributes when it wrote the subscription; null
   * when it may read nothing: deleted, suspended, no identity service, or no attribute value
   * left in common.
   */
  async readerOf(maker: Maker): Promise<EventReader | null> {
    const now = await deps.ports.find(ports.makers)?.current(maker);
    if (!now) return null;
    try {
      return {
        can: (resource, permission) => now.can(resource, permission),
        attributes: combineAttributes(maker.attributes, now.attributes),
      };
    } catch {
      return null;
    }
  },

  /**
   * Whether `reader` may read the event's actor as it is now (its type's journal rule). The
   * actor is loaded only where the answer depends on its state: a rule of the type's own, a
   * sub-type in its ACEs, or attributes that restrict the reader.
   */
  async readable(reader: EventReader, e: RecordedEvent): Promise<boolean> {
    const type = actorTypeOfStream(deps.runtime.types(), e.streamId);
    if (!type) return false;
    const id = e.streamId.slice(type.length + 1);
    const def = deps.runtime.definition(type);
    const state = readsState(reader, def) ? (await deps.runtime.load(type, id)).state : undefined;
    return mayReadEvents(reader, def, id, state);
  },
});
export type EventAccess = ReturnType<typeof createEventAccess>;
