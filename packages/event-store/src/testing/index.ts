export { eventStoreContract } from "./contract.ts";
export type { EventStoreFactory } from "./contract.ts";
