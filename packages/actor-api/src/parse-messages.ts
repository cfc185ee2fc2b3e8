import * as v from "valibot";
import { DomainError } from "@platform/kernel";
import type { ActorMessage } from "@platform/actor-runtime";
import { ownRecord, plainObject, toIssues } from "@platform/http";

/** At most this many messages in one request. */
const MAX_MESSAGES = 100;

/** The request body (also what schemas/openapi.json publishes). A message body is a JSON object. */
export const MessagesSchema = v.pipe(
  v.array(
    v.strictObject({
      type: v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.description("A message type the actor accepts")),
      body: v.optional(v.pipe(plainObject, ownRecord(v.string(), v.unknown())), {}),
    }),
    "must be an array of messages {type, body}",
  ),
  v.minLength(1, "must hold at least one message"),
  v.maxLength(MAX_MESSAGES, `must hold at most ${MAX_MESSAGES} messages`),
);

/**
 * The request body of `POST /resources/actors/{type}/{id}`: a JSON array of `{type, body}`
 * whose types the actor accepts. Anything else is 400 VALIDATION_FAILED, before anything
 * runs. Bodies are validated later, per message (a bad body fails only its message).
 */
export const parseMessages = (raw: unknown, knownTypes: readonly string[]): ActorMessage[] => {
  const r = v.safeParse(MessagesSchema, raw);
  if (!r.success)
    throw new DomainError(
      "VALIDATION_FAILED",
      "The body must be a JSON array of messages {type, body}",
      toIssues(r.issues),
    );
  const unknown = r.output.flatMap((m, i) =>
    knownTypes.includes(m.type)
      ? []
      : [{ path: `${i}.type`, message: `unknown message type '${m.type}'; one of ${knownTypes.join(", ")}` }],
  );
  if (unknown.length) throw new DomainError("VALIDATION_FAILED", "Unknown message type", unknown);
  return r.output.map((m) => ({ type: m.type, body: m.body }));
};
