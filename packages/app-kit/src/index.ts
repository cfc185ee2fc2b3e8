/**
 * The app developer kit (docs/APPS.md): the types a component is written against, and
 * `runComponent` to run one in tests in the service's own sandbox. The `platform` command
 * (bin/platform.mjs, src/cli/) builds, checks, tests, serves and deploys app folders.
 */
export type * from "./types/index.ts";
export { runComponent } from "./run-component.ts";
export type { ComponentRun, RunComponentOptions, RunLog, CtxCall, SandboxRun } from "./run-component.ts";
export { replayRun } from "./replay.ts";
export type { RecordedRun, Replay, Divergence } from "./replay.ts";
