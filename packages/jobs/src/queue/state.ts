import type { JobQueueEvent } from "./events.ts";

/** A queue as its controls left it: `none` until first paused. */
export type JobQueueState = { readonly status: "none" | "known"; readonly queue?: string; readonly paused: boolean };

export const initialJobQueueState = (): JobQueueState => ({ status: "none", paused: false });

export const evolveJobQueue = (s: JobQueueState, e: JobQueueEvent): JobQueueState => {
  switch (e.type) {
    case "JobQueuePaused":
      return { status: "known", queue: e.data.queue, paused: true };
    case "JobQueueResumed":
      return { ...s, status: "known", queue: e.data.queue, paused: false };
  }
};
