export { eventStoreContract } from "./contract.ts";
export type { EventStoreFactory } from "./contract.ts";
export { createTestEventStore } from "./test-event-store.ts";
