import type { Json, RunResult, Tape } from "@platform/sandbox";

/** Where a component ran. */
export type RunTrigger = "ingress" | "job";
/** How a run ended, as the list of records shows it. */
export type RunOutcome = "ok" | "error" | "timeout" | "memory";

/**
 * A ctx call as the component made it, and what it was answered (no value: undefined; null: it never was answered,
 * the run ended first).
 */
export type RecordedCall = {
  readonly name: string;
  readonly args: readonly Json[];
  readonly answer:
    | { readonly ok: true; readonly value?: Json }
    | {
        readonly ok: false;
        readonly error: { readonly message: string; readonly code?: string; readonly status?: number };
      }
    | null;
};

/** What an ingress request gave the run: its body is the component's params (`{}` for GET and DELETE). */
export type RecordedRequest = {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Json | null;
};

/**
 * A recorded run (GET /resources/apps/{appId}/runs/{runId}): everything a replay needs to run the component again
 * exactly (its input, each ctx call's answer in order, its tape: seed, clock, ids) and what it did (logs, outcome).
 */
export type RunRecord = {
  readonly runId: string;
  readonly appId: string;
  readonly componentId: string;
  readonly appVersion: number;
  readonly trigger: RunTrigger;
  readonly ingressId: string | null;
  readonly jobId: string | null;
  readonly outcome: RunOutcome;
  readonly errorMessage: string | null;
  readonly at: string;
  readonly durationMs: number;
  readonly input: { readonly params: Json; readonly request: RecordedRequest | null };
  readonly calls: readonly RecordedCall[];
  readonly seed: string | null;
  readonly clock: readonly number[];
  readonly uuids: readonly string[];
  readonly logs: readonly { readonly level: string; readonly line: string }[];
  readonly result: Json | null;
  readonly error: { readonly code: string; readonly message: string; readonly details?: Json } | null;
  /** True when the record was too large to keep whole: its ctx answers were dropped and it cannot be replayed. */
  readonly truncated: boolean;
};

/** A run's outcome from its result: a timeout, an engine out of memory, any other failure, or ok. */
export const outcomeOf = (result: RunResult): RunOutcome => {
  if (result.ok) return "ok";
  if (result.error.code === "COMPONENT_TIMEOUT") return "timeout";
  if (/ran out of memory/.test(result.error.message)) return "memory";
  return "error";
};

/** An empty tape, for a run whose thread was ended before it could answer one. */
export const NO_TAPE: Tape = { seed: null, clock: [], uuids: [] };
