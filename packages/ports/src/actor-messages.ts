import type { Caller } from "@platform/kernel";
import type { Initiator, MessageResult } from "@platform/actor-runtime";
import { definePort } from "@platform/host";

/** What `POST /resources/actors/{type}/{id}` answers: 200 when every message succeeded, 207 when some did, 422 none. */
export type MessageActorAnswer = {
  readonly status: 200 | 207 | 422;
  readonly body: {
    readonly actor: unknown;
    readonly results: readonly MessageResult[];
    readonly state: unknown;
    readonly preview: boolean;
  };
};

/**
 * The actor message API as a port, for other ways in than HTTP (an app component's
 * `ctx.messageActor`): the same addressing, validation, authorization and answer as the
 * route. Refusals of the whole request throw DomainError (NOT_FOUND, VALIDATION_FAILED, FORBIDDEN).
 */
export type ActorMessagesApi = {
  send(
    caller: Caller,
    who: Initiator,
    type: string,
    idOrKey: string,
    messages: unknown,
    options?: { readonly preview?: boolean },
  ): Promise<MessageActorAnswer>;
};

/** Provided by the actor-api context; apps' components call it. */
export const actorMessages = definePort<ActorMessagesApi>("actor messages");
