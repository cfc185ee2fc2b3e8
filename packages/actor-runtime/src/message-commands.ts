import * as v from "valibot";
import { DomainError } from "@platform/kernel";
import type { Command } from "@platform/kernel";
import type { AnyActorDefinition } from "./actor-definition.ts";

/** Validates a message body against its actor's definition and returns its command batch. */
export const messageCommands = (
  def: AnyActorDefinition,
  messageType: string,
  body: unknown,
  state: unknown,
): readonly Command[] => {
  const message = Object.hasOwn(def.messages, messageType) ? def.messages[messageType] : undefined;
  if (!message)
    throw new DomainError("VALIDATION_FAILED", `Actor type '${def.type}' has no message '${messageType}'`, [
      { path: "type", message: `unknown message type '${messageType}'` },
    ]);
  const parsed = v.safeParse(message.body, body);
  if (!parsed.success)
    throw new DomainError(
      "VALIDATION_FAILED",
      `Invalid body for message '${messageType}'`,
      parsed.issues.map((i) => ({
        path: ["body", ...(i.path ?? []).map((p) => String(p.key))].join("."),
        message: i.message,
      })),
    );
  return message.toCommands(parsed.output as never, state);
};
