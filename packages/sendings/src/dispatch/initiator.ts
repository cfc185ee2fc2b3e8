import type { Initiator } from "@platform/actor-runtime";

/** Who the dispatcher is in the journal: every state change it causes names it. */
export const dispatcherInitiator: Initiator = { clientId: "system:sendings-dispatcher" };
