import type { AppRecord, RunRecord } from "@platform/apps";

/** The apps context's published answers, as the portal reads them. */
export type { ParameterSpec } from "@platform/sandbox";
/** An app as GET /resources/apps/{appId} (and, without sources, the list) shows it. */
export type App = AppRecord;
export type Ingress = App["ingresses"][number];
/** A recorded run whole (GET /resources/apps/{appId}/runs/{runId}). */
export type { RunOutcome, RunRecord } from "@platform/apps";
/** A row of GET /resources/apps/{appId}/runs. */
export type RunSummary = Pick<
  RunRecord,
  "runId" | "componentId" | "trigger" | "outcome" | "errorMessage" | "at" | "durationMs"
>;
