import { RunListItem, RunRecordSchema } from "./run-responses.ts";

const DEBUG =
  "Records hold what a run saw, personal data included: they need `apps/<appId>:debug` (`apps:debug` for every " +
  "app), and are kept APPS_RUN_RECORDS_DAYS (default 7).";

/** /resources/apps/{appId}/runs (routes/app-runs.ts): the recorded runs of an app's components. */
export const runOperations = [
  {
    operationId: "listAppRuns",
    method: "get",
    path: "/resources/apps/{appId}/runs",
    summary: "An app's recorded component runs, newest first: every failed one (every one with APPS_RECORD_RUNS=all)",
    description: DEBUG,
    permission: "apps/{appId}:debug",
    success: 200,
    tags: ["apps"],
    list: "runs",
    item: RunListItem,
    query: {
      componentId: "Only this component's runs",
      outcome: "ok, error, timeout or memory",
    },
  },
  {
    operationId: "getAppRun",
    method: "get",
    path: "/resources/apps/{appId}/runs/{runId}",
    summary:
      "A recorded run whole: its input, each ctx call with its answer, its Math.random seed, clock readings and " +
      "ids, its logs and outcome (what `platform apps replay` runs again)",
    description: DEBUG,
    permission: "apps/{appId}:debug",
    success: 200,
    tags: ["apps"],
    response: RunRecordSchema,
  },
] as const;
