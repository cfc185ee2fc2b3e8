import type { PlatformDeps } from "@platform/host";
import type { CtxFunctions, Json, RunOptions, RunResult, Tape } from "@platform/sandbox";
import { NO_TAPE, outcomeOf } from "./run-record.ts";
import type { RecordedCall, RecordedRequest, RunRecord, RunTrigger } from "./run-record.ts";
import type { RunStore } from "./run-store.ts";

/** What the caller knows of a run before it starts. */
export type RunSubject = {
  readonly appId: string;
  readonly componentId: string;
  readonly appVersion: number;
  readonly trigger: RunTrigger;
  readonly params: unknown;
  /** The ingress request as the record keeps it, made only when the run is recorded. */
  readonly request?: () => RecordedRequest;
  readonly ingressId?: string;
  readonly jobId?: string;
  /** Who the run acted for (the ingress's caller, the job's requester): their erasure deletes the record. */
  readonly principalId?: string;
  /** The id the caller made (a job records it before the run, an ingress logs with it). */
  readonly runId: string;
};

type Answer = Extract<RecordedCall["answer"], { ok: false }>;

/** What reaches the component for a refused call, as the sandbox passes it on (sandbox.ts callHost). */
const refusalOf = (e: unknown): Answer => {
  const error: { message: string; code?: string; status?: number } = {
    message: e instanceof Error ? e.message : String(e),
  };
  const { code, status } = (e ?? {}) as { code?: unknown; status?: unknown };
  if (typeof code === "string") error.code = code;
  if (typeof status === "number") error.status = status;
  return { ok: false, error };
};

/**
 * A run that may be recorded (APPS_RECORD_RUNS): its id, its ctx functions noting each call and answer in the order
 * the component made them, its run options (console lines kept, the tape asked for), and `finish`, which stores the
 * record when the run failed, a ctx call was refused, or every run is recorded. A record that cannot be stored is
 * logged, never the run's failure.
 */
export const recordedRun = (
  deps: Pick<PlatformDeps, "config" | "log">,
  store: RunStore,
  subject: RunSubject,
  functions: CtxFunctions,
  options: RunOptions,
) => {
  const { runId } = subject;
  const mode = deps.config.runRecords.record;
  const calls: { name: string; args: Json[]; answer: RecordedCall["answer"] }[] = [];
  const logs: { level: string; line: string }[] = [];
  let tape: Tape = NO_TAPE;
  const at = new Date();
  const started = performance.now();

  const noted: CtxFunctions = Object.fromEntries(
    Object.entries(functions).map(([name, fn]) => [
      name,
      async (...args: Json[]) => {
        const call: (typeof calls)[number] = { name, args, answer: null };
        calls.push(call);
        try {
          const value = await fn(...args);
          call.answer = value === undefined ? { ok: true } : { ok: true, value };
          return value;
        } catch (e) {
          call.answer = refusalOf(e);
          throw e;
        }
      },
    ]),
  );

  const runOptions: RunOptions =
    mode === "none"
      ? options
      : {
          ...options,
          onConsole: (level, line) => {
            logs.push({ level, line });
            options.onConsole?.(level, line);
          },
          onTape: (t) => {
            tape = t;
          },
        };

  const finish = async (result: RunResult): Promise<void> => {
    const refused = calls.some((c) => c.answer?.ok === false);
    if (mode === "none" || (mode === "failed" && result.ok && !refused)) return;
    const record: RunRecord = {
      runId,
      appId: subject.appId,
      componentId: subject.componentId,
      appVersion: subject.appVersion,
      trigger: subject.trigger,
      ingressId: subject.ingressId ?? null,
      jobId: subject.jobId ?? null,
      outcome: outcomeOf(result),
      errorMessage: result.ok ? null : result.error.message,
      at: at.toISOString(),
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      input: { params: (subject.params ?? null) as Json, request: subject.request?.() ?? null },
      calls,
      ...tape,
      logs,
      result: result.ok ? result.value : null,
      error: result.ok ? null : result.error,
      truncated: false,
    };
    try {
      await store.insert(record, subject.principalId);
    } catch (err) {
      deps.log.warn({ err, appId: subject.appId, runId }, "a component run could not be recorded");
    }
  };

  return { runId, functions: noted, options: runOptions, finish };
};
