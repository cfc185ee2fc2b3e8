import { DomainError } from "@platform/kernel";
import { naturalKeyValues } from "./actor-definition.ts";
import type { AnyActorDefinition } from "./actor-definition.ts";
import type { EventStore } from "@platform/event-store";

type Rejection = {
  readonly commandIndex?: number;
  readonly command: string;
  readonly reason: string;
  readonly details?: unknown;
};

/**
 * How many commands of a message's batch come before the body's own `commands` array: the
 * message's own fields (`create` puts the order itself first). 0 when the body has no
 * `commands` array, so such messages report batch indexes as they are.
 */
export const ownCommandCount = (batchLength: number, body: unknown): number => {
  const commands = (body as { commands?: unknown } | null)?.commands;
  return Array.isArray(commands) ? Math.max(0, batchLength - commands.length) : 0;
};

/** The field a validation failure names (its first issue's path), if any. */
const fieldOf = (details: unknown): string | undefined => {
  const first = Array.isArray(details) ? (details[0] as { path?: unknown } | undefined) : undefined;
  return typeof first?.path === "string" && first.path !== "" ? first.path : undefined;
};

/**
 * Reports a COMMAND_REJECTED against the message body (`commandIndex` counts from 0 into the
 * body's `commands`). A failure of one of the `own` commands before them is
 * a failure of the message's own fields: no `commandIndex`, `field` names the field.
 * Rule-emitted commands keep their index (`commands.length`).
 */
export const bodyRelative = (error: DomainError, own: number): DomainError => {
  if (error.code !== "COMMAND_REJECTED" || own === 0) return error;
  const d = error.details as Rejection;
  if (d.commandIndex === undefined) return error; // already about a field (a natural key taken)
  if (d.commandIndex >= own)
    return new DomainError("COMMAND_REJECTED", error.message, { ...d, commandIndex: d.commandIndex - own });
  const field = fieldOf(d.details);
  return new DomainError("COMMAND_REJECTED", error.message, {
    ...(field ? { field } : {}),
    reason: d.reason,
    ...(d.details !== undefined ? { details: d.details } : {}),
  });
};

/**
 * A natural key the state `after` would take that another actor holds (`orderNumber` of
 * another order), as COMMAND_REJECTED naming the key as `field`; null when every key is free.
 * For previews, which reserve nothing, so the append's own check never runs; a real
 * append's conflict comes from the runtime in the same shape.
 */
export const keyConflict = async (
  store: EventStore,
  def: AnyActorDefinition,
  id: string,
  before: unknown,
  after: unknown,
): Promise<DomainError | null> => {
  const held = new Set(naturalKeyValues(def, before).map(({ name, value }) => `${name}\0${value}`));
  for (const { name, value } of naturalKeyValues(def, after)) {
    if (held.has(`${name}\0${value}`)) continue;
    const holder = await store.lookupKey(`${def.type}:${name}`, value);
    if (holder !== null && holder !== `${def.type}-${id}`) {
      const reason = def.naturalKeys?.[name]?.conflictCode ?? "CONFLICT";
      return new DomainError("COMMAND_REJECTED", `${name} '${value}' is already in use`, { field: name, reason });
    }
  }
  return null;
};
