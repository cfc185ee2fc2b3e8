export { startWorker } from "@platform/platform";
export type { Worker } from "@platform/platform";
