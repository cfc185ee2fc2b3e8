import { traced } from "@platform/kernel";
import type { PlatformDeps, PlatformMetrics } from "@platform/host";
import type { RunOptions, RunResult } from "@platform/sandbox";

/** Where a component ran: behind an ingress, as a job, or as a subscription's transform. */
type RunKind = "ingress" | "job" | "transform";

/** `sandbox_run_duration_seconds{kind}`: a run's time inside its sandbox thread, ctx calls included, queueing not. */
const sandboxRuns = (metrics: PlatformMetrics) =>
  metrics.histogram({
    name: "sandbox_run_duration_seconds",
    help:
      "How long a component run took in its sandbox thread (ctx calls included), " +
      "by kind: ingress, job or transform.",
    labelNames: ["kind"],
  });

export const declareAppsMetrics = (deps: PlatformDeps): void => void sandboxRuns(deps.metrics);

/** Runs a component (`run` gets the options to pass on) in a span, timing it into `sandbox_run_duration_seconds`. */
export const observedRun = (
  deps: PlatformDeps,
  kind: RunKind,
  ref: string,
  options: RunOptions,
  run: (options: RunOptions) => Promise<RunResult>,
): Promise<RunResult> => {
  const runs = sandboxRuns(deps.metrics);
  return traced("component run", { "component.ref": ref, "component.kind": kind }, () =>
    run({ ...options, onMetrics: (m) => runs.observe({ kind }, m.elapsedMs / 1000) }),
  );
};
