import { etagValue } from "@platform/http";
import { jsonColumn } from "@platform/db";
import { effectiveSpec } from "../definition/spec.ts";
import type { DefinitionOverride, DefinitionSpec, Writer } from "../definition/spec.ts";

export type DefinitionRow = {
  readonly definition_id: string;
  readonly actor_id: string;
  readonly app_id: string | null;
  readonly spec: DefinitionSpec | string;
  readonly override: DefinitionOverride | string | null;
  readonly writer: Writer | string;
  readonly overrider: Writer | string | null;
  readonly version: number;
  readonly created_at: Date | string;
  readonly updated_at: Date | string;
};

/** A job definition as the API shows it: the spec's fields (docs/JOBS.md, "A definition") and its ETag. */
export type DefinitionRecord = DefinitionSpec & {
  readonly jobDefinitionId: string;
  readonly scheduleIsOverridden: boolean;
  /** The app that provides it (`apps/<appId>/…`), null for a definition made through the API. */
  readonly appId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly etag: string;
  readonly occurrences?: readonly string[];
};

/** The definition in effect (the author's fields with a tenant's override on top). */
export const parseDefinition = (row: DefinitionRow) => {
  const override = row.override === null ? undefined : jsonColumn<DefinitionOverride>(row.override);
  return {
    spec: effectiveSpec(jsonColumn<DefinitionSpec>(row.spec), override),
    overridden: override !== undefined,
    writer: jsonColumn<Writer>(row.writer),
    overrider: override !== undefined && row.overrider !== null ? jsonColumn<Writer>(row.overrider) : undefined,
  };
};

export const toRecord = (row: DefinitionRow): DefinitionRecord => {
  const { spec, overridden } = parseDefinition(row);
  return {
    jobDefinitionId: row.definition_id,
    componentId: spec.componentId,
    queue: spec.queue,
    maxConcurrency: spec.maxConcurrency,
    limit: spec.limit,
    schedules: spec.schedules,
    scheduleSuspended: spec.scheduleSuspended,
    scheduleConcurrency: spec.scheduleConcurrency,
    scheduleStartingDeadlineSeconds: spec.scheduleStartingDeadlineSeconds,
    scheduleIsOverridden: overridden,
    acl: spec.acl,
    retry: spec.retry,
    appId: row.app_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    etag: etagValue(row.version),
  };
};
