import { attributesOverlap } from "../access/guards.ts";
import { defineActor } from "@platform/actor-runtime";
import type { PrincipalCommand } from "./commands.ts";
import { decidePrincipal } from "./decide.ts";
import type { PrincipalEvent } from "./events.ts";
import { principalEventTypes } from "./events.ts";
import { evolvePrincipal, initialPrincipalState } from "./state.ts";
import type { PrincipalState } from "./state.ts";

/**
 * A principal (human identity). Email (lower-cased) and phone are natural keys, reserved
 * atomically with the append. It accepts no actor-API messages: it is changed only through
 * the IAM routes, which enforce the IAM permissions and guards.
 */
export const principalActor = defineActor<PrincipalState, PrincipalCommand, PrincipalEvent>({
  type: "principal",
  // Read only through IAM's own routes and permissions (iam/…:read and the access attributes).
  actorApi: false,
  exists: (s) => s.status === "active",
  naturalKeys: {
    // `?.` on the fields too: past versions of an erased principal hold null there.
    email: { of: (s) => s.properties?.email?.toLowerCase(), conflictCode: "EMAIL_NOT_UNIQUE", addressable: false },
    phone: { of: (s) => s.properties?.phone ?? undefined, conflictCode: "PHONE_NOT_UNIQUE", addressable: false },
  },
  lifecycle: { created: ["PrincipalCreated"], deleted: ["PrincipalDeleted"] },
  eventTypes: principalEventTypes,
  typeReadableBy: (reader) => reader.can("iam/principals", "read"),
  identifiers: (id) => ({ principalId: id }),
  attributes: (s) => ({ channelKey: s.accessAttributes.channelKey?.[0] }),
  readableBy: (reader, _id, s) => reader.can("iam/principals", "read") && attributesOverlap(reader, s.accessAttributes),
  decider: { initialState: initialPrincipalState, decide: decidePrincipal, evolve: evolvePrincipal },
  messages: {},
});
