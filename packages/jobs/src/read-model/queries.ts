import { sql } from "kysely";
import type { Kysely } from "kysely";
import { rowByKey } from "@platform/db";
import type { AnyDB } from "@platform/db";
import { keysetPage } from "@platform/http";
import type { PageRequest } from "@platform/http";
import { toRecord } from "./record.ts";
import type { DefinitionRecord, DefinitionRow } from "./record.ts";

export const findDefinition = (db: Kysely<AnyDB>, definitionId: string): Promise<DefinitionRow | undefined> =>
  rowByKey<DefinitionRow>(db, "jobs_definitions", "definition_id", definitionId);

/** The definitions in effect among `ids` (those not found are left out), in one query. */
export const findDefinitions = async (db: Kysely<AnyDB>, ids: readonly string[]): Promise<DefinitionRow[]> =>
  ids.length === 0
    ? []
    : ((await db
        .selectFrom("jobs_definitions")
        .selectAll()
        .where(sql<boolean>`definition_id = ANY(${[...ids]}::text[])`)
        .execute()) as DefinitionRow[]);

/** The ids of the definitions an app provides now. */
export const appDefinitionIds = async (db: Kysely<AnyDB>, appId: string): Promise<string[]> =>
  (
    (await db.selectFrom("jobs_definitions").select("definition_id").where("app_id", "=", appId).execute()) as {
      definition_id: string;
    }[]
  ).map((r) => r.definition_id);

/** GET /resources/job-definitions: by id, the contract's envelope (key `jobDefinitions`). */
export const listDefinitions = (db: Kysely<AnyDB>, page: PageRequest) =>
  keysetPage(
    db.selectFrom("jobs_definitions").selectAll(),
    page,
    {
      sortSql: "definition_id",
      sortField: "definition_id",
      idSql: "definition_id",
      idField: "definition_id",
      direction: "asc",
    },
    "jobDefinitions",
    (r) => toRecord(r as DefinitionRow),
  ) as Promise<{
    jobDefinitions: DefinitionRecord[];
    totalCount: number;
    firstCursor: string | null;
    lastCursor: string | null;
  }>;
