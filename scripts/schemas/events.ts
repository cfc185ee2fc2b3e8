import type { ContextContract } from "@platform/host";
import { jsonSchemaOf } from "@platform/openapi";

/**
 * A context's events as one JSON Schema document: `$defs.<EventType>` is the schema of that
 * event's `data`; the document itself matches any `{type, data}` of the context's events
 * (a journal entry has more fields: version, globalPosition, metadata).
 */
export const eventsDocument = (contract: ContextContract) => {
  const events = contract.events ?? {};
  const types = Object.keys(events).sort();
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: `urn:actor-platform:events:${contract.context}`,
    title: `Events of the ${contract.context} context`,
    description:
      "Generated from the context's valibot schemas by `npm run schemas`; do not edit by hand. " +
      "$defs.<EventType> is the event's data.",
    $defs: Object.fromEntries(types.map((type) => [type, jsonSchemaOf(events[type]!)])),
    oneOf: types.map((type) => ({
      type: "object",
      properties: { type: { const: type }, data: { $ref: `#/$defs/${type}` } },
      required: ["type", "data"],
    })),
  };
};
