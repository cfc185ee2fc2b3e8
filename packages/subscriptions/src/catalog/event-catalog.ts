import type { GenericSchema } from "valibot";
import { mayReadEventType } from "@platform/actor-runtime";
import type { AnyActorDefinition, EventReader } from "@platform/actor-runtime";
import type { ContextContract } from "@platform/host";
import { jsonSchemaOf } from "@platform/openapi";
import { shownSubscriptionEventSchemas } from "../contract/events.ts";
import { shownData } from "../delivery/webhook.ts";

/** One entry of GET /resources/subscriptions/event-types. */
export type EventTypeEntry = {
  readonly type: string;
  readonly context: string;
  readonly description: string;
  readonly schema: unknown;
  readonly example: unknown;
};

type Described = { readonly entry: EventTypeEntry; readonly actors: readonly AnyActorDefinition[] };

const an = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

/** What the event says of its actor, from the actor's lifecycle: the catalog's description. */
const describe = (type: string, actor: AnyActorDefinition | undefined): string => {
  if (!actor) return `${type}: an event of this service`;
  const name = actor.type.replace(/-/g, " ");
  const role = actor.lifecycle?.created?.includes(type)
    ? `; it creates the ${name}`
    : actor.lifecycle?.deleted?.includes(type)
      ? `; it ends the ${name}`
      : "";
  return `Appended to ${an(name)}'s journal (stream ${actor.type}-<id>)${role}. A delivery's data has this schema.`;
};

/**
 * The event catalog (docs/WEBHOOKS.md): every event type a mounted context publishes, with the JSON Schema of its
 * `data` as a delivery carries it and an example from the context's own deciders, each listed only to a reader who
 * may read the events of some actor that appends it. Built once per process: the contracts do not change while it
 * runs. A subscription's own events show without their secret, as they are delivered.
 */
export const createEventCatalog = (contracts: readonly ContextContract[], actors: readonly AnyActorDefinition[]) => {
  const described: Described[] = [];
  for (const contract of contracts) {
    const schemas: Readonly<Record<string, GenericSchema>> =
      contract.context === "subscriptions" ? shownSubscriptionEventSchemas : (contract.events ?? {});
    const samples = contract.sampleEvents?.() ?? [];
    for (const type of Object.keys(schemas).sort()) {
      const appending = actors.filter((a) => a.eventTypes?.includes(type));
      const sample = samples.find((e) => e.type === type);
      described.push({
        actors: appending,
        entry: {
          type,
          context: contract.context,
          description: describe(type, appending[0]),
          schema: jsonSchemaOf(schemas[type]!, "output"),
          example: sample ? shownData(sample) : null,
        },
      });
    }
  }
  described.sort((a, b) => (a.entry.type < b.entry.type ? -1 : a.entry.type > b.entry.type ? 1 : 0));
  return {
    /** Every event type `reader` may read some of, by type name. */
    readableBy: (reader: Pick<EventReader, "can">): EventTypeEntry[] =>
      described.filter((d) => d.actors.some((a) => mayReadEventType(reader, a))).map((d) => d.entry),
  };
};
export type EventCatalog = ReturnType<typeof createEventCatalog>;
