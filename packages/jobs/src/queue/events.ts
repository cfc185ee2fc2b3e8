export type JobQueueEvent =
  /** No worker in any process starts a job of this queue until it is resumed (a running one finishes). */
  | { readonly type: "JobQueuePaused"; readonly data: { readonly queue: string; readonly pausedAt: string } }
  | { readonly type: "JobQueueResumed"; readonly data: { readonly queue: string; readonly resumedAt: string } };

export const jobQueueEventTypes: readonly JobQueueEvent["type"][] = ["JobQueuePaused", "JobQueueResumed"];
