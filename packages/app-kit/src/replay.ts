import { isDeepStrictEqual } from "node:util";
import type { CtxFunctions, Json } from "@platform/sandbox";
import type { operations } from "./generated/openapi.ts";
import { CTX_NAMES, runInSandbox } from "./run-component.ts";
import type { CtxCall, RunComponentOptions, SandboxRun } from "./run-component.ts";

/** A recorded run as GET /resources/apps/{appId}/runs/{runId} answers it. */
export type RecordedRun = operations["getAppRun"]["responses"][200]["content"]["application/json"];

/**
 * Where a replay first parts from its record: a ctx call the record does not have next (another function, or one
 * more than the record made), the same function with other arguments, or a recorded call the replay never made.
 */
export type Divergence =
  | { readonly kind: "unexpected"; readonly index: number; readonly call: CtxCall; readonly recorded: CtxCall | null }
  | { readonly kind: "arguments"; readonly index: number; readonly call: CtxCall; readonly recorded: CtxCall }
  | { readonly kind: "missing"; readonly index: number; readonly recorded: CtxCall };

/** A replay's outcome, its logs and ctx calls, and its first divergence from the record (null: none). */
export type Replay = SandboxRun & { readonly calls: readonly CtxCall[]; readonly divergence: Divergence | null };

/** What a call the record cannot answer gets: the run goes on (or fails) as its code decides. */
const diverged = (name: string) =>
  Object.assign(new Error(`ctx.${name}: the recorded run has no answer for this call (the replay diverged)`), {
    code: "REPLAY_DIVERGED",
  });

/**
 * Runs a folder's component (as it is now) on a recorded run: its params, its Math.random seed, clock readings and
 * ids, and each ctx call answered as it was then, in order, while the calls are the recorded ones with the same
 * arguments. From the first call that is not, every call is refused (REPLAY_DIVERGED) and the divergence reported.
 * A call the run never got an answer to is not answered now either (the run times out again).
 */
export const replayRun = async (
  dir: string | URL,
  record: RecordedRun,
  options: { readonly limits?: RunComponentOptions["limits"] } = {},
): Promise<Replay> => {
  if (record.truncated) throw new Error(`run ${record.runId} was too large to record whole: it cannot be replayed`);
  const calls: CtxCall[] = [];
  let divergence: Divergence | null = null;
  const answer = (name: string, args: Json[]): Promise<Json | undefined> => {
    const index = calls.length;
    calls.push({ name, args });
    const recorded = record.calls[index];
    if (!divergence) {
      const expected = recorded ? { name: recorded.name, args: recorded.args as Json[] } : null;
      if (!expected || expected.name !== name)
        divergence = { kind: "unexpected", index, call: { name, args }, recorded: expected };
      else if (!isDeepStrictEqual(expected.args, args))
        divergence = { kind: "arguments", index, call: { name, args }, recorded: expected };
    }
    if (divergence || !recorded) return Promise.reject(diverged(name));
    if (recorded.answer === null) return new Promise(() => undefined);
    if (recorded.answer.ok) return Promise.resolve(recorded.answer.value as Json | undefined);
    const { message, code, status } = recorded.answer.error;
    return Promise.reject(Object.assign(new Error(message), { code, status }));
  };
  const ctx: CtxFunctions = Object.fromEntries(
    CTX_NAMES.map((name) => [name, (...args: Json[]) => answer(name, args)]),
  );
  const run = await runInSandbox(dir, record.componentId, record.input.params, ctx, {
    ...options,
    tape: { seed: record.seed, clock: [...record.clock], uuids: [...record.uuids] },
  });
  const missing = record.calls[calls.length];
  if (!divergence && missing)
    divergence = {
      kind: "missing",
      index: calls.length,
      recorded: { name: missing.name, args: missing.args as Json[] },
    };
  return { ...run, calls, divergence };
};
