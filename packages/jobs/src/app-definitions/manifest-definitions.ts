import * as v from "valibot";
import { jsonColumn } from "@platform/db";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import { DomainError, callerHolds } from "@platform/kernel";
import type { Caller, ValidationIssue } from "@platform/kernel";
import type { AppJobDefinitions } from "@platform/ports";
import { issuePath } from "@platform/http";
import type { Clock } from "@platform/kernel";
import { ManifestDefinitionSchema } from "../definition/body.ts";
import type { DefinitionSpec } from "../definition/spec.ts";
import { scheduleIssues, specOfBody } from "../write/fields.ts";

type ManifestDefinition = v.InferOutput<typeof ManifestDefinitionSchema>;

/** The author's default of `apps/<appId>/<id>`: the manifest entry's fields, its component named in full. */
export const specOfManifest = (appId: string, entry: ManifestDefinition): DefinitionSpec => {
  const { id: _, componentId, ...fields } = entry;
  return specOfBody(
    fields,
    `${appId}/${componentId.startsWith(`${appId}/`) ? componentId.slice(appId.length + 1) : componentId}`,
  );
};

export const parseManifestDefinition = (raw: unknown): ManifestDefinition | undefined => {
  const r = v.safeParse(ManifestDefinitionSchema, raw);
  return r.success ? r.output : undefined;
};

/**
 * Definitions made through the API that run a component of `appId`: an install or upgrade puts
 * the installer's code behind their `acl`, so the installer must hold it too (FORBIDDEN).
 */
const requireHeldByInstaller = async (db: Kysely<AnyDB>, appId: string, installer: Caller) => {
  const prefix = `${appId}/`;
  const rows = (await db
    .selectFrom("jobs_definitions")
    .select(["definition_id", "spec"])
    .where("app_id", "is", null)
    .where(sql<boolean>`substr(spec->>'componentId', 1, ${prefix.length}) = ${prefix}`)
    .execute()) as { definition_id: string; spec: DefinitionSpec | string }[];
  for (const row of rows) {
    const spec = jsonColumn<DefinitionSpec>(row.spec);
    for (const ace of spec.acl)
      if (!callerHolds(installer, ace))
        throw new DomainError(
          "FORBIDDEN",
          `Job definition '${row.definition_id}' runs ${spec.componentId} with '${ace}', which you do not hold`,
          { jobDefinitionId: row.definition_id, ace },
        );
  }
};

/**
 * The check apps run before storing a manifest (its `jobDefinitions`): each entry's fields
 * (strict), its schedules and zones, one id once; and an `acl` within what the installer
 * holds, FORBIDDEN otherwise (the app's jobs act with at most its installer's rights). The
 * installer must also hold the `acl` of the API's definitions that run the app's components.
 */
export const manifestDefinitionsCheck = (db: Kysely<AnyDB>, clock: Clock): AppJobDefinitions => ({
  async check(
    appId: string,
    definitions: readonly Readonly<Record<string, unknown>>[],
    installer: Caller,
  ): Promise<ValidationIssue[]> {
    const issues: ValidationIssue[] = [];
    const seen = new Set<string>();
    definitions.forEach((raw, i) => {
      const prefix = `manifest.jobDefinitions[${i}]`;
      const id = raw.id;
      if (typeof id === "string" && seen.has(id))
        issues.push({ path: `${prefix}.id`, message: `'${id}' appears twice` });
      if (typeof id === "string") seen.add(id);
      const r = v.safeParse(ManifestDefinitionSchema, raw);
      if (!r.success) {
        issues.push(
          ...r.issues.map((issue) => ({
            path: issuePath(prefix, issue),
            message: issue.expected === "never" ? "is not a field of a job definition" : issue.message,
          })),
        );
        return;
      }
      issues.push(...scheduleIssues(r.output.schedules, (j) => `${prefix}.schedules[${j}]`, clock.now()));
      for (const ace of r.output.acl ?? [])
        if (!callerHolds(installer, ace))
          throw new DomainError(
            "FORBIDDEN",
            `Job definition '${r.output.id}' may not carry '${ace}': you do not hold it`,
            { jobDefinitionId: r.output.id, ace },
          );
    });
    if (issues.length === 0) await requireHeldByInstaller(db, appId, installer);
    return issues;
  },
});
