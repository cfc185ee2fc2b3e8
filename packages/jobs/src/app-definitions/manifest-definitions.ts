import * as v from "valibot";
import { DomainError, callerHolds } from "@platform/kernel";
import type { Caller, ValidationIssue } from "@platform/kernel";
import type { AppJobDefinitions } from "@platform/apps";
import { issuePath } from "@platform/http";
import type { Clock } from "@platform/kernel";
import { ManifestDefinitionSchema } from "../definition/body.ts";
import type { DefinitionSpec } from "../definition/spec.ts";
import { scheduleIssues, specOfBody } from "../write/fields.ts";

type ManifestDefinition = v.InferOutput<typeof ManifestDefinitionSchema>;

/** The author's default of `apps/<appId>/<id>`: the manifest entry's fields, its component named in full. */
export const specOfManifest = (appId: string, entry: ManifestDefinition): DefinitionSpec => {
  const { id: _, componentId, ...fields } = entry;
  return specOfBody(fields, `${appId}/${componentId.startsWith(`${appId}/`) ? componentId.slice(appId.length + 1) : componentId}`);
};

export const parseManifestDefinition = (raw: unknown): ManifestDefinition | undefined => {
  const r = v.safeParse(ManifestDefinitionSchema, raw);
  return r.success ? r.output : undefined;
};

/**
 * The check apps run before storing a manifest (its `jobDefinitions`): each entry's fields
 * (strict), its schedules and zones, one id once; and an `acl` within what the installer
 * holds, FORBIDDEN otherwise (the app's jobs act with at most its installer's rights).
 */
export const manifestDefinitionsCheck = (clock: Clock): AppJobDefinitions => ({
  check(_appId: string, definitions: readonly Readonly<Record<string, unknown>>[], installer: Caller): ValidationIssue[] {
    const issues: ValidationIssue[] = [];
    const seen = new Set<string>();
    definitions.forEach((raw, i) => {
      const prefix = `manifest.jobDefinitions[${i}]`;
      const id = raw.id;
      if (typeof id === "string" && seen.has(id)) issues.push({ path: `${prefix}.id`, message: `'${id}' appears twice` });
      if (typeof id === "string") seen.add(id);
      const r = v.safeParse(ManifestDefinitionSchema, raw);
      if (!r.success) {
        issues.push(...r.issues.map((issue) => ({ path: issuePath(prefix, issue), message: issue.expected === "never" ? "is not a field of a job definition" : issue.message })));
        return;
      }
      issues.push(...scheduleIssues(r.output.schedules, (j) => `${prefix}.schedules[${j}]`, clock.now()));
      for (const ace of r.output.acl ?? [])
        if (!callerHolds(installer, ace)) throw new DomainError("FORBIDDEN", `Job definition '${r.output.id}' may not carry '${ace}': you do not hold it`, { jobDefinitionId: r.output.id, ace });
    });
    return issues;
  },
});
