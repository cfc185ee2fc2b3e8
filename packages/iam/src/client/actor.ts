import { attributesOverlap } from "../access/guards.ts";
import { defineActor } from "@platform/actor-runtime";
import type { ClientCommand } from "./commands.ts";
import { decideClient } from "./decide.ts";
import type { ClientEvent } from "./events.ts";
import { clientEventTypes } from "./events.ts";
import { evolveClient, initialClientState } from "./state.ts";
import type { ClientState } from "./state.ts";

/** A client (application or service identity); ids are arbitrary strings. Changed only through the IAM routes. */
export const clientActor = defineActor<ClientState, ClientCommand, ClientEvent>({
  type: "client",
  // Read only through IAM's own routes and permissions (iam/…:read and the access attributes).
  actorApi: false,
  exists: (s) => s.status === "active",
  lifecycle: { created: ["ClientCreated"], deleted: ["ClientDeleted"] },
  eventTypes: clientEventTypes,
  typeReadableBy: (reader) => reader.can("iam/clients", "read"),
  identifiers: (id) => ({ clientId: id }),
  readableBy: (reader, _id, s) => reader.can("iam/clients", "read") && attributesOverlap(reader, s.accessAttributes),
  decider: { initialState: initialClientState, decide: decideClient, evolve: evolveClient },
  messages: {},
});
