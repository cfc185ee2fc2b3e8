export { createSandbox, SANDBOX_DEFAULTS } from "./sandbox.ts";
export type {
  Sandbox,
  SandboxOptions,
  SandboxStats,
  EngineStats,
  Component,
  CtxFunctions,
  RunResult,
  RunFailure,
  RunOptions,
} from "./sandbox.ts";
export { normaliseInstant, checkParameters } from "./parameters.ts";
export type { Parameters, ParameterSpec, ParameterTypeName } from "./parameters.ts";
export type { Json } from "./json.ts";
export type { RunMetrics, Tape } from "./protocol.ts";
