import { DomainError, attributesAllow } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import { actorPermitted } from "@platform/actor-runtime";
import type { AnyActorDefinition } from "@platform/actor-runtime";

export { actorPermitted };

/** 403 unless every permission is granted (the whole request is decided before anything runs). */
export const requireActorPermissions = (
  caller: Caller,
  def: AnyActorDefinition,
  id: string,
  state: unknown,
  permissions: readonly string[],
) => {
  const missing = [...new Set(permissions)].filter((p) => !actorPermitted(caller, def, id, state, p));
  if (missing.length)
    throw new DomainError("FORBIDDEN", `Requires ${missing.map((p) => `actors/${def.type}:${p}`).join(", ")}`);
};

/** The actor's access attributes (none when the type declares none). */
const attributesOf = (def: AnyActorDefinition, state: unknown): Readonly<Record<string, string | undefined>> =>
  def.attributes?.(state) ?? {};

/** 403 when the actor in this state is outside the caller's access attributes. */
export const requireActorAttributes = (caller: Caller, def: AnyActorDefinition, state: unknown) => {
  if (!attributesAllow(caller, attributesOf(def, state)))
    throw new DomainError("FORBIDDEN", "Outside your access attributes");
};
