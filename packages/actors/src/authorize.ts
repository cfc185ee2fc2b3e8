import { DomainError, attributesAllow } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { AnyActorDefinition } from "@platform/actor-runtime";

/**
 * Actor ACEs: `actors/<type>[/<typeKey>]:<message type>` (and `:read` for state and
 * journal). The actor's own UUID also works as the sub-resource, `actors/order/<uuid>:*`,
 * for an ACE that names one actor. An ACE on `actors/<type>` covers every sub-resource.
 */
export const actorPermitted = (caller: Caller, def: AnyActorDefinition, id: string, state: unknown, permission: string): boolean => {
  const base = `actors/${def.type}`;
  const typeKey = state === undefined ? undefined : def.typeKey?.(state);
  return caller.can(typeKey ? `${base}/${typeKey}` : base, permission) || caller.can(`${base}/${id}`, permission);
};

/** 403 unless every permission is granted (the whole request is decided before anything runs). */
export const requireActorPermissions = (caller: Caller, def: AnyActorDefinition, id: string, state: unknown, permissions: readonly string[]) => {
  const missing = [...new Set(permissions)].filter((p) => !actorPermitted(caller, def, id, state, p));
  if (missing.length) throw new DomainError("FORBIDDEN", `Requires ${missing.map((p) => `actors/${def.type}:${p}`).join(", ")}`);
};

/** The actor's access attributes (none when the type declares none). */
export const attributesOf = (def: AnyActorDefinition, state: unknown): Readonly<Record<string, string | undefined>> => def.attributes?.(state) ?? {};


/** 403 when the actor in this state is outside the caller's access attributes. */
export const requireActorAttributes = (caller: Caller, def: AnyActorDefinition, state: unknown) => {
  if (!attributesAllow(caller, attributesOf(def, state))) throw new DomainError("FORBIDDEN", "Outside your access attributes");
};
