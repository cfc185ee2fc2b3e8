import { Hono } from "hono";
import { DomainError, isUuid } from "@platform/kernel";
import { checkInstantIdCursors, listEnvelope, parsePage, requirePermission } from "@platform/http";
import type { GatewayEnv } from "@platform/http";
import type { AppsRuntime } from "../apps-runtime.ts";
import { ID_PATTERN } from "../manifest/manifest.ts";
import type { RunOutcome } from "../runs/run-record.ts";

const OUTCOMES: readonly RunOutcome[] = ["ok", "error", "timeout", "memory"];

/** An app id the runs routes accept, and `apps/<appId>:debug` (or `apps:debug`) held: records hold what runs saw. */
const debugged = (c: Parameters<typeof requirePermission>[0]) => {
  const appId = c.req.param("appId") ?? "";
  if (!ID_PATTERN.test(appId)) throw new DomainError("NOT_FOUND", `App ${appId} not found`);
  requirePermission(c, `apps/${appId}`, "debug");
  return appId;
};

/**
 * /resources/apps/{appId}/runs: the app's recorded component runs (failed ones, or all with APPS_RECORD_RUNS=all),
 * newest first, and one whole record, for a developer to read and to replay (`platform apps replay`). They outlive an
 * app's removal until they expire, so a run that failed just before can still be read.
 */
export const appRunsRoutes = (apps: AppsRuntime): Hono<GatewayEnv> => {
  const app = new Hono<GatewayEnv>();

  app.get("/resources/apps/:appId/runs", async (c) => {
    const appId = debugged(c);
    const query = c.req.query();
    const page = parsePage(query);
    checkInstantIdCursors(page, isUuid);
    const outcome = query.outcome;
    if (outcome !== undefined && !OUTCOMES.includes(outcome as RunOutcome))
      throw new DomainError("VALIDATION_FAILED", "Invalid outcome", [
        { path: "outcome", message: `must be one of ${OUTCOMES.join(", ")}` },
      ]);
    const componentId = query.componentId;
    if (componentId !== undefined && !ID_PATTERN.test(componentId))
      throw new DomainError("VALIDATION_FAILED", "Invalid componentId", [
        { path: "componentId", message: "must be a component id: 1 to 64 of A-Z a-z 0-9 . _ ~ -" },
      ]);
    const { runs, totalCount } = await apps.runs.list(
      appId,
      { componentId, outcome: outcome as RunOutcome | undefined },
      page,
    );
    return c.json(listEnvelope("runs", runs, totalCount, (r) => [r.at, r.runId]));
  });

  app.get("/resources/apps/:appId/runs/:runId", async (c) => {
    const appId = debugged(c);
    const runId = c.req.param("runId");
    const record = isUuid(runId) ? await apps.runs.get(appId, runId) : undefined;
    if (!record) throw new DomainError("NOT_FOUND", `Run ${runId} of app ${appId} not found (or no longer kept)`);
    return c.json(record);
  });

  return app;
};
