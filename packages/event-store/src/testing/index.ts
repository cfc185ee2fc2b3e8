export { eventStoreContract } from "./contract.ts";
export type { EventStoreFactory } from "./contract.ts";
export { createTestEventStore, useTestEventStore } from "./test-event-store.ts";
