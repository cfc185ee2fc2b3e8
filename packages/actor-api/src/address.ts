import { DomainError } from "@platform/kernel";
import type { ActorRuntime, AnyActorDefinition, LoadedActor } from "@platform/actor-runtime";

export type Addressed = {
  readonly def: AnyActorDefinition;
  readonly id: string;
  readonly virtual: boolean;
  readonly loaded: LoadedActor;
};

/**
 * 404 for a type no context registered, and for a type its context keeps off the generic
 * API (`actorApi: false`: IAM's actors are read through IAM's routes and permissions only).
 */
export const definitionOf = (runtime: ActorRuntime, type: string): AnyActorDefinition => {
  const def = runtime.has(type) ? runtime.definition(type) : undefined;
  if (!def || def.actorApi === false) throw new DomainError("NOT_FOUND", `Unknown actor type '${type}'`);
  return def;
};

/**
 * Resolves `{id}` (UUID, natural key or virtual id) and loads the actor. 404 when a key names
 * nothing; `allowVirtual: false` (reads) also makes `new` and actors without events 404.
 */
export const addressActor = async (
  runtime: ActorRuntime,
  type: string,
  idOrKey: string,
  opts: { readonly allowVirtual: boolean },
): Promise<Addressed> => {
  const def = definitionOf(runtime, type);
  const resolved = await runtime.resolve(type, idOrKey);
  if (!resolved || (resolved.virtual && !opts.allowVirtual))
    throw new DomainError("NOT_FOUND", `${type} ${idOrKey} not found`);
  const loaded = resolved.virtual
    ? { id: resolved.id, state: def.decider.initialState(), version: 0, exists: false }
    : await runtime.load(type, resolved.id);
  if (!opts.allowVirtual && loaded.version === 0) throw new DomainError("NOT_FOUND", `${type} ${idOrKey} not found`);
  return { def, id: resolved.id, virtual: resolved.virtual, loaded };
};

/** The actor part of every response. */
export const actorRef = (def: AnyActorDefinition, id: string, state: unknown, version: number) => ({
  type: def.type,
  id,
  identifiers: def.identifiers ? def.identifiers(id, state) : { id },
  version,
});
