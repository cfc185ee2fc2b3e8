import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readAppFolder } from "@platform/apps/folder";
import { DomainError } from "@platform/kernel";
import { createSandbox } from "@platform/sandbox";
import type { CtxFunctions, Json, Tape } from "@platform/sandbox";
import { serviceSandboxOptions } from "./sandbox-limits.ts";
import type { Ctx } from "./types/ctx.ts";

/** The ctx functions the service gives every run, ingress or job: a test's run sees the same ones. */
export const CTX_NAMES = ["messageActor", "sendEmail", "sendSms", "sendPush", "emit"] as const;

/** How the service answers a failed run at the ingress. */
const STATUS = { VALIDATION_FAILED: 400, COMPONENT_FAILED: 502, COMPONENT_TIMEOUT: 504 } as const;

export type RunLog = { readonly level: "log" | "info" | "warn" | "error" | "debug"; readonly line: string };
export type CtxCall = { readonly name: string; readonly args: readonly Json[] };

/** A run's outcome as the ingress would answer it (status and body), with its console lines. */
export type SandboxRun = { readonly logs: readonly RunLog[] } & (
  | { readonly ok: true; readonly status: 200; readonly value: Json }
  | {
      readonly ok: false;
      readonly status: 400 | 502 | 504;
      readonly error: { readonly code: keyof typeof STATUS; readonly message: string; readonly details?: Json };
    }
);

/** A run's outcome as the ingress would answer it (status and body), with its console lines and ctx calls. */
export type ComponentRun = SandboxRun & { readonly calls: readonly CtxCall[] };

export type RunComponentOptions = {
  /** The answers of the test's ctx: a function per call the component makes (a call with none rejects). */
  readonly ctx?: Partial<Ctx>;
  /** Tighter limits than the service's, for a test of what happens at them (never looser). */
  readonly limits?: { readonly timeoutMs?: number; readonly memoryMb?: number };
};

const unanswered = (name: string) => async () => {
  throw new DomainError("INVALID_STATE", `ctx.${name}: this test gives no answer (pass one in runComponent's ctx)`);
};

/** The ctx a test's answers make: every function the service gives, noting each call before it answers. */
const testCtx = (given: Partial<Ctx>, calls: CtxCall[]): CtxFunctions => {
  const answers = given as Record<string, (...args: Json[]) => Promise<Json>>;
  return Object.fromEntries(
    CTX_NAMES.map((name) => {
      const answer = answers[name] ?? unanswered(name);
      return [name, async (...args: Json[]) => (calls.push({ name, args }), answer(...args))];
    }),
  );
};

/**
 * Runs one component of an app folder as the service would: read and built as the service reads
 * the folder (TypeScript through esbuild), compiled and run in the same QuickJS sandbox with the
 * service's limits (COMPONENT_TIMEOUT_MS, COMPONENT_MEMORY_MB, snapshots, as set in this
 * environment), its `params` checked against its `parameters` first. Its `ctx` holds the
 * service's functions, each answered by the test's.
 */
export const runComponent = async (
  dir: string | URL,
  componentId: string,
  params: unknown,
  options: RunComponentOptions = {},
): Promise<ComponentRun> => {
  const calls: CtxCall[] = [];
  return { ...(await runInSandbox(dir, componentId, params, testCtx(options.ctx ?? {}, calls), options)), calls };
};

/**
 * Builds and runs a component of a folder in a sandbox of the service's limits (tightened by `limits`) with these
 * ctx functions, replaying `tape` when given: its outcome as the ingress would answer it, and its console lines.
 */
export const runInSandbox = async (
  dir: string | URL,
  componentId: string,
  params: unknown,
  ctx: CtxFunctions,
  options: { readonly limits?: RunComponentOptions["limits"]; readonly tape?: Tape } = {},
): Promise<SandboxRun> => {
  const folderDir = resolve(typeof dir === "string" ? dir : fileURLToPath(dir));
  const folder = await readAppFolder(folderDir);
  if ("problems" in folder)
    throw new Error(`${folderDir} cannot be read: ${folder.problems.map((p) => p.message).join("; ")}`);
  const source = folder.body.components[componentId]?.source;
  if (typeof source !== "string") throw new Error(`${folderDir} has no component ${componentId}`);

  const limits = serviceSandboxOptions();
  const sandbox = createSandbox({
    ...limits,
    timeoutMs: Math.min(limits.timeoutMs, options.limits?.timeoutMs ?? Infinity),
    memoryMb: Math.min(limits.memoryMb, options.limits?.memoryMb ?? Infinity),
  });
  const logs: RunLog[] = [];
  try {
    const component = await sandbox.compile(source);
    const result = await component.run(params, ctx, {
      onConsole: (level, line) => logs.push({ level, line }),
      ...(options.tape ? { replay: options.tape } : {}),
    });
    if (result.ok) return { ok: true, status: 200, value: result.value, logs };
    return { ok: false, status: STATUS[result.error.code], error: result.error, logs };
  } finally {
    sandbox.dispose();
  }
};
