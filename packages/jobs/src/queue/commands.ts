/** `PUT /resources/job-queues/{queue}` `{"paused": bool}`: `pause` or `resume`, at the caller's clock. */
export type JobQueueCommand =
  | { readonly type: "pause"; readonly queue: string; readonly at: string }
  | { readonly type: "resume"; readonly queue: string; readonly at: string };
