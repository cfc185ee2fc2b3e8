import * as v from "valibot";
import type { GenericSchema } from "valibot";
import { erasable } from "@platform/host";

/**
 * Who caused an event and why (@platform/kernel `EventMetadata`), as journals show it; ids are present only when known.
 */
export const EventMetadataSchema = v.object({
  at: v.pipe(v.string(), v.description("ISO 8601 instant, UTC, of the append")),
  principalId: v.optional(v.string()),
  clientId: v.optional(v.string()),
  sessionId: v.optional(v.string()),
  requestId: v.optional(v.string()),
  correlationId: v.optional(v.string()),
  causationId: v.optional(v.string()),
  appId: v.optional(v.pipe(v.string(), v.description("Set when an app's component caused the event"))),
  componentId: v.optional(v.string()),
  ingressId: v.optional(v.string()),
  traceId: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[0-9a-f]{32}$/),
      v.description("The OpenTelemetry trace the event was appended in (only when the service exports traces)"),
    ),
  ),
});

/**
 * An event's place in the global log, the one string the whole API uses for it: a webhook's
 * `position`, a delivery's `eventPosition`, a subscription's replay `fromPosition`.
 */
export const LogPositionSchema = v.pipe(
  v.string(),
  v.regex(/^\d{20}:\d{20}$/),
  v.description(
    "The event's place in the global log: the same string a webhook's `position`, a delivery's " +
      "`eventPosition` and a subscription replay's `fromPosition` use",
  ),
  v.examples(["00000000000000000887:00000000000000000023"]),
);

/** One item of a journal list (journal.ts `journalPage`): an event with its type's data schema. */
export const journalEntrySchema = (type: GenericSchema, data: GenericSchema) =>
  v.object({
    type,
    version: v.pipe(v.number(), v.integer(), v.description("1 for the stream's first event")),
    position: LogPositionSchema,
    globalPosition: v.pipe(
      v.number(),
      v.integer(),
      v.description(
        "The store's own sequence number of the event, for display; `position` is what replays and deliveries take",
      ),
    ),
    data: erasable(data),
    metadata: EventMetadataSchema,
    erased: v.optional(
      v.pipe(
        v.literal(true),
        v.description("The event held personal data whose subject was erased: those fields read null"),
      ),
    ),
  });

/** A journal item of a stream whose event types are known: one variant per type, each with its data's schema. */
export const journalEntriesSchema = (dataByType: Readonly<Record<string, GenericSchema>>) => {
  const [first, ...rest] = Object.entries(dataByType).map(([type, data]) => journalEntrySchema(v.literal(type), data));
  if (!first) throw new Error("A journal has at least one event type");
  return v.variant("type", [first, ...rest]);
};
