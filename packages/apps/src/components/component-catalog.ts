import { sql } from "kysely";
import { DomainError, isDomainError, newId } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { PlatformDeps } from "@platform/host";
import type { AppComponents } from "@platform/ports";
import { createBatchLoader } from "@platform/db";
import type { Json, RunResult } from "@platform/sandbox";
import type { IngressTable } from "../ingress/ingress-table.ts";
import { componentCtx } from "../ingress/component-ctx.ts";
import { currentMakers } from "../ingress/current-makers.ts";
import { runCaller } from "../ingress/run-caller.ts";
import { ID_PATTERN } from "../manifest/manifest.ts";
import { findApps } from "../read-model/queries.ts";
import type { AppRow } from "../read-model/record.ts";
import { observedRun } from "./run-metrics.ts";
import { parseRow } from "../read-model/record.ts";
import { recordedRun } from "../runs/recorded-run.ts";
import type { RunStore } from "../runs/run-store.ts";

const failed = (message: string, details?: Json): RunResult => ({
  ok: false,
  error: { code: "COMPONENT_FAILED", message, ...(details !== undefined ? { details } : {}) },
});

export const createComponentCatalog = (deps: PlatformDeps, table: IngressTable, runs: RunStore): AppComponents => {
  // The apps a turn's resolves name, read in one query (a burst of jobs scheduled at once).
  const appRow = createBatchLoader<string, AppRow>(
    async (ids) => new Map((await findApps(deps.db.kysely, ids)).map((r) => [r.app_id, r])),
    { oneAtATime: true },
  );
  return catalog(deps, table, runs, appRow);
};

const catalog = (
  deps: PlatformDeps,
  table: IngressTable,
  runs: RunStore,
  appRow: (appId: string) => Promise<AppRow | undefined>,
): AppComponents => ({
  async run(ref, input, run) {
    const [appId = "", componentId = ""] = ref.split("/");
    await table.start();
    let found = table.component(appId, componentId);
    if (!found) {
      await table.refresh();
      found = table.component(appId, componentId);
    }
    if (!found) return failed(`Component ${ref} is not installed`);
    const makers = await currentMakers(deps, run.grantors);
    let caller: Caller;
    try {
      caller = runCaller(run.acl, makers, run.requester);
    } catch (e) {
      if (isDomainError(e)) return failed(`The run may do nothing: ${e.message}`);
      throw e;
    }
    const ctx = componentCtx(deps, caller, run.who, run.onEmit);
    if (run.purpose === "transform") {
      // Its input is events the app's readers may not read: no record, and its console lines go nowhere.
      const ran = await observedRun(deps, "transform", ref, {}, (options) =>
        found.component.run(input, ctx.functions, options),
      );
      await ctx.settled();
      const refusedEmit = ctx.refusedEmit();
      return ran.ok && refusedEmit
        ? failed(`ctx.emit was refused: ${refusedEmit.message}`, { code: refusedEmit.code })
        : ran;
    }
    const runId = run.runId ?? newId();
    const log = { appId, componentId, causationId: run.who.causationId, runId };
    const recording = recordedRun(
      deps,
      runs,
      {
        appId,
        componentId,
        appVersion: found.appVersion,
        trigger: "job",
        params: input,
        ...(run.who.causationId ? { jobId: run.who.causationId } : {}),
        ...(run.who.principalId ? { principalId: run.who.principalId } : {}),
        runId,
      },
      ctx.functions,
      { onConsole: (level, line) => deps.log.debug({ ...log, level, line }, "component console") },
    );
    const ran = await observedRun(deps, "job", ref, recording.options, (options) =>
      found.component.run(input, recording.functions, options),
    );
    await ctx.settled();
    const refused = ctx.refusedEmit();
    const result = ran.ok && refused ? failed(`ctx.emit was refused: ${refused.message}`, { code: refused.code }) : ran;
    await recording.finish(result);
    return result;
  },
  async resolve(componentId, path = "componentId") {
    const invalid = (message: string, extra: Record<string, unknown> = {}) =>
      new DomainError("VALIDATION_FAILED", "The component is invalid", [{ path, message, ...extra }]);
    const parts = componentId.split("/");
    if (parts.length > 2 || !parts.every((p) => ID_PATTERN.test(p)))
      throw invalid("must be <appId>/<componentId> or a component id");
    if (parts.length === 2) {
      const row = await appRow(parts[0]!);
      const app = row && parseRow(row);
      const component = app?.components[parts[1]!];
      if (!component) throw invalid(`names no installed component ('${componentId}')`);
      return { ref: componentId, appId: parts[0]!, componentId: parts[1]!, parameters: component.parameters };
    }
    const rows = (await deps.db.kysely
      .selectFrom("apps_apps")
      .select(["app_id"])
      .where(sql<boolean>`components ? ${componentId}`)
      .orderBy("app_id")
      .limit(10)
      .execute()) as { app_id: string }[];
    if (rows.length === 0) throw invalid(`names no installed component ('${componentId}')`);
    if (rows.length > 1)
      throw invalid(
        `is a component of several apps (${rows.map((r) => r.app_id).join(", ")}): name one as <appId>/${componentId}`,
        { appIds: rows.map((r) => r.app_id) },
      );
    return this.resolve(`${rows[0]!.app_id}/${componentId}`, path);
  },
});
