import type { Kysely } from "kysely";
import { rowByKey } from "@platform/db";
import { DomainError } from "@platform/kernel";
import type { AnyDB } from "@platform/db";
import { keysetPage } from "@platform/http";
import type { PageRequest } from "@platform/http";
import { ID_PATTERN } from "../manifest/manifest.ts";
import { portalPagePath } from "../manifest/portal-files.ts";
import { parseRow, toRecord } from "./record.ts";
import type { AppRecord, AppRow } from "./record.ts";

export const findApp = (db: Kysely<AnyDB>, appId: string): Promise<AppRow | undefined> =>
  rowByKey<AppRow>(db, "apps_apps", "app_id", appId);

/** An installed app's row for a route: 404 NOT_FOUND for an id that is no app's (one that is no id at all too). */
export const loadApp = async (db: Kysely<AnyDB>, appId: string): Promise<AppRow> => {
  const row = ID_PATTERN.test(appId) ? await findApp(db, appId) : undefined;
  if (!row) throw new DomainError("NOT_FOUND", `App ${appId} not found`);
  return row;
};

/**
 * The page an installed app's `extensions.portal` names, as it shipped it; undefined when the app is not installed or
 * shipped none.
 */
export const findPortalPage = async (db: Kysely<AnyDB>, appId: string): Promise<string | undefined> => {
  const row = await findApp(db, appId);
  if (!row) return undefined;
  const { manifest, files } = parseRow(row);
  const path = portalPagePath(manifest);
  return path ? files[path]?.source : undefined;
};

/** Every installed app's id and version: what the ingress table compares with what it holds. */
export const appVersions = async (db: Kysely<AnyDB>): Promise<Map<string, number>> => {
  const rows = (await db.selectFrom("apps_apps").select(["app_id", "version"]).execute()) as {
    app_id: string;
    version: number;
  }[];
  return new Map(rows.map((r) => [r.app_id, r.version]));
};

export const findApps = async (db: Kysely<AnyDB>, appIds: readonly string[]): Promise<AppRow[]> =>
  appIds.length === 0
    ? []
    : ((await db
        .selectFrom("apps_apps")
        .selectAll()
        .where("app_id", "in", [...appIds])
        .execute()) as AppRow[]);

/** GET /resources/apps: by app id, the contract's envelope (key `apps`). */
export const listApps = (db: Kysely<AnyDB>, page: PageRequest, publicUrl: string) =>
  keysetPage(
    db.selectFrom("apps_apps").selectAll(),
    page,
    { sortSql: "app_id", sortField: "app_id", idSql: "app_id", idField: "app_id", direction: "asc" },
    "apps",
    (r) => toRecord(r as AppRow, publicUrl, { source: false }),
  ) as Promise<{ apps: AppRecord[]; totalCount: number; firstCursor: string | null; lastCursor: string | null }>;
