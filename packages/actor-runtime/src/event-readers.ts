import { attributesAllow, isRestricted } from "@platform/kernel";
import type { AnyActorDefinition, EventReader } from "./actor-definition.ts";

/**
 * Actor ACEs: `actors/<type>[/<typeKey>]:<permission>` (`read` for state and journal). The
 * actor's own id also works as the sub-resource, `actors/order/<uuid>:*`, for an ACE that
 * names one actor. An ACE on `actors/<type>` covers every sub-resource.
 */
export const actorPermitted = (
  reader: Pick<EventReader, "can">,
  def: AnyActorDefinition,
  id: string,
  state: unknown,
  permission: string,
): boolean => {
  const base = `actors/${def.type}`;
  const typeKey = state === undefined ? undefined : def.typeKey?.(state);
  return reader.can(typeKey ? `${base}/${typeKey}` : base, permission) || reader.can(`${base}/${id}`, permission);
};

/**
 * Whether `reader` may read the events of actor `id` (of `def`), in `state`: the type's own
 * rule, else the generic actor API's (`actors/<type>:read` within the reader's access
 * attributes); a type kept off that API without a rule of its own is read by no one here.
 */
export const mayReadEvents = (reader: EventReader, def: AnyActorDefinition, id: string, state: unknown): boolean => {
  if (def.readableBy) return def.readableBy(reader, id, state);
  if (def.actorApi === false) return false;
  return (
    actorPermitted(reader, def, id, state, "read") &&
    (!isRestricted(reader) || attributesAllow(reader, def.attributes?.(state) ?? {}))
  );
};

/**
 * Whether `mayReadEvents` needs the actor's state to answer for this reader (else it may be given undefined, unread).
 */
export const readsState = (reader: EventReader, def: AnyActorDefinition): boolean =>
  !!def.readableBy || !!def.typeKey || isRestricted(reader);

/**
 * The actor type of a stream id (`job-definition-<id>` → `job-definition`): the longest registered type it starts with.
 */
export const actorTypeOfStream = (types: readonly string[], streamId: string): string | undefined => {
  let found: string | undefined;
  for (const t of types) if (streamId.startsWith(`${t}-`) && (!found || t.length > found.length)) found = t;
  return found;
};

/**
 * Whether `reader` may read the events of some actor of `def`'s type (the event catalog's rule): the type's own
 * `typeReadableBy`, else `actors/<type>:read` where the generic actor API serves the type and no rule of its own
 * replaces that API's.
 */
export const mayReadEventType = (reader: Pick<EventReader, "can">, def: AnyActorDefinition): boolean => {
  if (def.typeReadableBy) return def.typeReadableBy(reader);
  if (def.readableBy || def.actorApi === false) return false;
  return reader.can(`actors/${def.type}`, "read");
};
