export { startWorker } from "@platform/host";
export type { Worker } from "@platform/host";
