import { sql } from "kysely";
import { DomainError } from "@platform/kernel";
import type { PlatformDeps } from "@platform/platform";
import { serviceKey } from "@platform/platform";
import type { Parameters } from "@platform/sandbox";
import { ID_PATTERN } from "../manifest/manifest.ts";
import { findApp } from "../read-model/queries.ts";
import { parseRow } from "../read-model/record.ts";

/** An installed component, by its full name `<appId>/<componentId>`. */
export type ResolvedComponent = { readonly ref: string; readonly appId: string; readonly componentId: string; readonly parameters: Parameters };

/** The installed components, for the contexts that run them by name (job definitions). */
export type AppComponents = {
  /**
   * `<appId>/<componentId>`, or a bare id exactly one installed app has (CONTRACT.md 11).
   * VALIDATION_FAILED at `path` when none has it, or several (naming them).
   */
  resolve(componentId: string, path?: string): Promise<ResolvedComponent>;
};
export const appComponentsKey = serviceKey<AppComponents>("apps.components");

export const createComponentCatalog = (deps: PlatformDeps): AppComponents => ({
  async resolve(componentId, path = "componentId") {
    const invalid = (message: string, extra: Record<string, unknown> = {}) => new DomainError("VALIDATION_FAILED", "The component is invalid", [{ path, message, ...extra }]);
    const parts = componentId.split("/");
    if (parts.length > 2 || !parts.every((p) => ID_PATTERN.test(p))) throw invalid("must be <appId>/<componentId> or a component id");
    if (parts.length === 2) {
      const row = await findApp(deps.db.kysely, parts[0]!);
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
      throw invalid(`is a component of several apps (${rows.map((r) => r.app_id).join(", ")}): name one as <appId>/${componentId}`, { appIds: rows.map((r) => r.app_id) });
    return this.resolve(`${rows[0]!.app_id}/${componentId}`, path);
  },
});
