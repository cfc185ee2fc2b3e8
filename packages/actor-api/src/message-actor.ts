import { DomainError, isRestricted } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import { sendMessages } from "@platform/actor-runtime";
import type { ActorRuntime, AnyActorDefinition, LoadedActor, MessageResult } from "@platform/actor-runtime";
import type { ActorMessagesApi } from "@platform/ports";
import { addressActor, definitionOf } from "./address.ts";
import { actorPermitted, requireActorAttributes, requireActorPermissions } from "./authorize.ts";
import { dryRun } from "./dry-run.ts";
import { parseMessages } from "./parse-messages.ts";

const statusOf = (results: readonly MessageResult[]): 200 | 207 | 422 => {
  const ok = results.filter((r) => r.ok).length;
  return ok === results.length ? 200 : ok === 0 ? 422 : 207;
};

/**
 * Order of refusals, all before anything runs: unknown type 404, malformed body 400, unknown
 * id or key 404, a message not permitted or an actor outside the caller's access attributes
 * 403. Then each message runs as its own atomic batch, in order (`sendMessages`). The answer's
 * `state` is null unless the caller may also read the actor (`actors/<type>:read`): a message
 * permission alone must not show what only `:read` shows, failed messages and previews included.
 */
export const createActorMessagesApi = (runtime: ActorRuntime): ActorMessagesApi => ({
  async send(caller, who, type, idOrKey, raw, options = {}) {
    const def = definitionOf(runtime, type);
    const messages = parseMessages(raw, Object.keys(def.messages));
    const target = await addressActor(runtime, type, idOrKey, { allowVirtual: true });
    const { id, loaded } = target;
    const permissions = messages.map((m) => m.type);

    const restricted = isRestricted(caller);
    if (loaded.exists) {
      requireActorPermissions(caller, def, id, loaded.state, permissions);
      requireActorAttributes(caller, def, loaded.state);
    }
    // A read ACE on the type or on this actor's UUID reads it in any state; one on a typeKey
    // only in the states of that typeKey.
    const readsAnyState = actorPermitted(caller, def, id, undefined, "read");
    // What the request would leave decides access when it creates the actor (its typeKey), the
    // caller is restricted (the channelKey it sets) or reads only some typeKeys (whether the
    // answer shows state): judge a dry run before running.
    const outcome =
      restricted || (def.typeKey && (!loaded.exists || !readsAnyState))
        ? await dryRun(runtime, type, loaded, messages, who)
        : undefined;
    if (outcome) {
      if (!loaded.exists)
        requireActorPermissions(caller, def, id, outcome.exists ? outcome.state : undefined, permissions);
      if (restricted && outcome.exists) requireActorAttributes(caller, def, outcome.state);
    } else if (!loaded.exists) requireActorPermissions(caller, def, id, undefined, permissions);

    const preview = options.preview ?? false;
    const result = await sendMessages(runtime, type, id, messages, who, { preview, loaded });
    // A UUID that names no actor, and nothing in the request created it: 404, as for a key.
    if (!target.virtual && !loaded.exists && !result.exists && result.untouched)
      throw new DomainError("NOT_FOUND", `${type} ${idOrKey} not found`);
    const shown =
      result.exists && (readsAnyState || (outcome !== undefined && readsBoth(caller, def, id, loaded, outcome)));
    return {
      status: statusOf(result.results),
      body: { actor: result.actor, results: result.results, state: shown ? result.state : null, preview },
    };
  },
});

/**
 * A typeKey reader sees the answer's state only when it may read the actor both as it was and
 * as the request leaves it: the answered state carries what the actor held before, which after
 * a preview the caller could read no other way.
 */
const readsBoth = (
  caller: Caller,
  def: AnyActorDefinition,
  id: string,
  before: LoadedActor,
  after: LoadedActor,
): boolean =>
  after.exists && [before, after].every((s) => !s.exists || actorPermitted(caller, def, id, s.state, "read"));
