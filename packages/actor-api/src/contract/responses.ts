import * as v from "valibot";
import { journalEntrySchema } from "@platform/http";

/** The actor part of every answer of the actor API (address.ts `actorRef`). */
const ActorRef = v.object({
  type: v.pipe(v.string(), v.description("The actor type")),
  id: v.pipe(v.string(), v.description("The actor's UUID (whatever {id} addressed it by)")),
  identifiers: v.pipe(
    v.record(v.string(), v.string()),
    v.description("The actor's ids and natural keys by name, e.g. {orderId, orderNumber}"),
  ),
  version: v.pipe(v.number(), v.description("Events in the actor's stream (0 for one that does not exist yet)")),
});

/** A VALIDATION_FAILED issue: the path of the field and what is wrong with it. */
const ValidationIssue = v.object({ path: v.string(), message: v.string() });

/**
 * Why a message's command batch was rejected (actor-runtime: actor-runtime.ts, report-error.ts):
 * a command of the batch (`commandIndex` into the body's `commands`, `command`) or a field of
 * the message itself (`field`), the domain's error code as `reason`, and its own details.
 */
const Rejection = v.object({
  commandIndex: v.optional(
    v.pipe(v.number(), v.description("The failing command, counting from 0 in the body's `commands`")),
  ),
  command: v.optional(v.pipe(v.string(), v.description("The failing command's type"))),
  field: v.optional(
    v.pipe(v.string(), v.description("The message's own field that failed (a natural key taken, a bad value)")),
  ),
  reason: v.pipe(
    v.string(),
    v.description("The domain's error code (VALIDATION_FAILED, NOT_FOUND, CONFLICT, INVALID_STATE, …)"),
  ),
  details: v.optional(v.pipe(v.unknown(), v.description("The domain error's own details"))),
});

const MessageError = v.object({
  code: v.pipe(
    v.string(),
    v.description("COMMAND_REJECTED, VALIDATION_FAILED (a body not the message's shape), NOT_FOUND, CONFLICT, …"),
  ),
  message: v.string(),
  details: v.optional(v.union([v.array(ValidationIssue), Rejection])),
});

/** What became of one message (actor-runtime send-messages.ts `MessageResult`). */
export const MessageResult = v.variant("ok", [
  v.object({
    type: v.pipe(v.string(), v.description("The message type")),
    ok: v.literal(true),
    events: v.pipe(
      v.array(v.object({ type: v.string(), version: v.number() })),
      v.description("The events it appended (or would, with preview), in order"),
    ),
  }),
  v.object({
    type: v.pipe(v.string(), v.description("The message type")),
    ok: v.literal(false),
    error: MessageError,
  }),
]);

/** The actor's state (its view where its type has one): free-form, per actor type. */
const ActorState = v.pipe(
  v.record(v.string(), v.unknown()),
  v.description("The actor's state (its type's view of it)"),
);

/** `POST /resources/actors/{type}/{id}`: 200 all messages succeeded, 207 some, 422 none. */
export const MessagesAnswer = v.object({
  actor: ActorRef,
  results: v.pipe(v.array(MessageResult), v.description("One per message, in order")),
  state: v.pipe(
    v.nullable(ActorState),
    v.description(
      "The state after the request (or as it would be, with preview); null while the actor does " +
        "not exist, and for a caller that does not also hold actors/<type>:read",
    ),
  ),
  preview: v.pipe(v.boolean(), v.description("Whether nothing was stored (?preview)")),
});

/** `GET /resources/actors/{type}/{id}`. */
export const ActorAnswer = v.object({ actor: ActorRef, state: ActorState });

/** One item of `GET /resources/actors/{type}/{id}/journal` (@platform/http journal.ts). */
export const JournalEvent = journalEntrySchema(
  v.pipe(v.string(), v.description("The event type")),
  v.pipe(v.record(v.string(), v.unknown()), v.description("The event's data (schemas/events/<context>.json)")),
);
