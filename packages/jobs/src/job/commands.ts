import type { Json } from "@platform/sandbox";
import type { DependencyEnd, JobRequest, NextJob } from "./events.ts";

/**
 * `schedule` makes the job (the API, a schedule occurrence, a component's `scheduleJob`);
 * `start`, `succeed` and `fail` are a worker's, each naming the attempt it holds, so a worker
 * whose lease was taken over cannot finish the job a second time; `cancel` is the API's DELETE;
 * `addDependent` and `dependencyEnded` carry dependencies between jobs (docs/JOBS.md);
 * `expire` is retention's. Times come from the caller's clock.
 */
export type JobCommand =
  | ({ readonly type: "schedule"; readonly at: string } & JobRequest)
  /** `runId`: the id of the component run the attempt makes (none when it fails before running one). */
  | { readonly type: "start"; readonly attempt: number; readonly at: string; readonly runId?: string }
  | {
      readonly type: "succeed";
      readonly attempt: number;
      readonly result: Json;
      readonly next?: readonly NextJob[];
      readonly at: string;
    }
  /** With `retryAt` (the definition's retry allows another attempt): pending again, due then; without: failed. */
  | {
      readonly type: "fail";
      readonly attempt: number;
      readonly error: string;
      readonly at: string;
      readonly retryAt?: string;
    }
  | { readonly type: "cancel"; readonly at: string }
  /** Another job depends on this one: remembered while it is unfinished (no change once it has ended). */
  | { readonly type: "addDependent"; readonly jobId: string }
  /** A job this one waits for ended: met when it succeeded, cancelled otherwise; nothing once it no longer waits. */
  | {
      readonly type: "dependencyEnded";
      readonly dependencyId: string;
      readonly end: DependencyEnd;
      readonly at: string;
    }
  | { readonly type: "expire"; readonly at: string };
