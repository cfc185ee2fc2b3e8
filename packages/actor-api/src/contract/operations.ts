import { MessagesSchema } from "../parse-messages.ts";
import { ActorAnswer, JournalEvent, MessagesAnswer } from "./responses.ts";

const ACTOR_PATH = "/resources/actors/{type}/{id}";

/** The generic actor API (routes/actors-routes.ts). `{id}` is a UUID, a natural key or a virtual id (`new`). */
export const actorOperations = [
  {
    operationId: "sendActorMessages",
    method: "post",
    path: ACTOR_PATH,
    summary: "Send messages to an actor: 200 all succeeded, 207 some, 422 none",
    description:
      "Each message is its own atomic batch, in order. Needs actors/<type>[/<typeKey>]:<message " +
      "type> for every message, decided before anything runs. A message whose type is unknown or " +
      "whose body breaks its schema does not fail the request with 400: it fails alone, with " +
      "VALIDATION_FAILED in its `results` entry, and the answer is 207 (some succeeded) or 422 " +
      "(none did) as for any failed message.",
    permission: "actors/{type}:{message type}",
    success: 200,
    alsoSuccess: [207],
    rejectedWithResponse: [422],
    tags: ["actors"],
    requestBody: MessagesSchema,
    // An order (type order, id new): the actor types are the other contexts'.
    requestExample: [
      {
        type: "create",
        body: { orderNumber: "1002", createdAt: "2026-03-01T12:00:00.000Z", currencyCode: "SEK", taxIncluded: true },
      },
    ],
    response: MessagesAnswer,
    query: { preview: "Present, true or 1: run without storing anything and answer the state it would leave" },
  },
  {
    operationId: "getActor",
    method: "get",
    path: ACTOR_PATH,
    summary:
      "An actor's identifiers, version and state; ?version=N answers the state as of version N, " +
      "replayed from its journal",
    permission: "actors/{type}:read",
    success: 200,
    tags: ["actors"],
    response: ActorAnswer,
    query: { version: "1 to the actor's version: its state as of that version (actor.version is N)" },
  },
  {
    operationId: "getActorJournal",
    method: "get",
    path: `${ACTOR_PATH}/journal`,
    summary: "An actor's events in version order",
    permission: "actors/{type}:read",
    success: 200,
    tags: ["actors"],
    list: "events",
    item: JournalEvent,
  },
] as const;
