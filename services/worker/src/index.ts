export { startWorker } from "./worker.ts";
export type { Worker } from "./worker.ts";
