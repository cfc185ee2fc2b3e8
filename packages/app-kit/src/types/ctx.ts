/**
 * `ctx`, typed from the service's published API (generated/ctx-api.ts): a message to an actor
 * whose messages the API publishes (an order's) is checked by its type and body, and each
 * `send…` takes the body of its REST route and answers what that route answers.
 */
import type { operations, paths } from "../generated/ctx-api.ts";
import type { Json } from "./json.ts";

type JsonBody<T> = T extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
type Answer<T, Status extends number> = T extends {
  responses: { [S in Status]: { content: { "application/json": infer A } } };
}
  ? A
  : never;

/** Actor types whose messages the API publishes at `POST /resources/actors/<type>/{id}`. */
export type TypedActorType = {
  [P in keyof paths]: P extends `/resources/actors/${infer T}/{id}`
    ? T extends `{${string}}`
      ? never
      : paths[P] extends { post: object }
        ? T
        : never
    : never;
}[keyof paths];

/**
 * The other actor types, messaged through the generic route with no published message types:
 * each message is `{type, body?}` and the service checks it.
 */
export type UntypedActorType =
  | "principal"
  | "role"
  | "client"
  | "app"
  | "job-definition"
  | "job"
  | "job-queue"
  | "sending"
  | "subscription";

export type ActorType = TypedActorType | UntypedActorType;

/** One message to an actor of type T: `{type, body}` as the API publishes it for T. */
export type ActorMessage<T extends ActorType> = T extends TypedActorType
  ? JsonBody<paths[`/resources/actors/${T}/{id}`]["post"]>[number]
  : { type: string; body?: Json };

/**
 * What `ctx.messageActor` answers, whatever each message's outcome: the body of
 * `POST /resources/actors/{type}/{id}` (`{actor, results, state, preview}`).
 */
export type ActorAnswer = Answer<operations["sendActorMessages"], 200>;

export type EmailInput = JsonBody<operations["queueEmail"]>;
export type SmsInput = JsonBody<operations["queueSms"]>;
export type PushInput = JsonBody<operations["queuePush"]>;
/** What a `send…` answers: the sendings it queued (one per recipient). */
export type Queued = Answer<operations["queueEmail"], 202>;

/** `ctx.emit`'s one effect: schedule a job of a definition (`jobs/<definition>:schedule` in the acl). */
export type ScheduleJob = {
  effect: "scheduleJob";
  /** The definition's id; an app's own are `apps/<appId>/<id>`. */
  definition: string;
  /** When: an ISO 8601 duration from now (`PT10M`) or an instant with a time zone; now when left out. */
  at?: string;
  parameters?: { [name: string]: Json };
  /** At most one pending or running job of the definition with this key. */
  uniqueKey?: string;
};

/**
 * A component's one way out of the sandbox. Each call is authorised by the ingress's `acl` (or
 * the job definition's), and a call the service refuses as a whole rejects with an Error that
 * carries `code` and `status` (its error envelope's).
 */
export type Ctx = {
  messageActor<T extends ActorType>(type: T, id: string, messages: readonly ActorMessage<T>[]): Promise<ActorAnswer>;
  sendEmail(input: EmailInput): Promise<Queued>;
  sendSms(input: SmsInput): Promise<Queued>;
  sendPush(input: PushInput): Promise<Queued>;
  emit(effect: ScheduleJob): Promise<null>;
};
