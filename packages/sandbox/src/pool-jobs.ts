import type { FromWorker, ToWorker } from "./protocol.ts";

/**
 * A job of the worker pool (pool.ts): what it sends a thread, the host's handlers for the
 * thread's ctx calls and console lines, and the thread's final message for it.
 */
export type Answer =
  | { ok: true; value: string | undefined }
  | { ok: false; error: { message: string; code?: string; status?: number } };

export type JobHandlers = {
  onCall?: (name: string, args: string) => Promise<Answer>;
  onLog?: (level: string, line: string) => void;
};
export type Finished = Extract<FromWorker, { type: "compiled" | "done" | "stats" }>;
export type JobMessage =
  | Omit<Extract<ToWorker, { type: "compile" }>, "id">
  | (Omit<Extract<ToWorker, { type: "run" }>, "id"> & { source: string })
  | Omit<Extract<ToWorker, { type: "stats" }>, "id">;
/** `calls`: its ctx calls the host has not answered yet. */
export type Job = {
  id: number;
  message: JobMessage;
  handlers: JobHandlers;
  finish: (m: Finished) => void;
  watchdog?: NodeJS.Timeout;
  calls: number;
};
