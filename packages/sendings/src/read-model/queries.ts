import { sql } from "kysely";
import type { Kysely } from "kysely";
import { rowByKey } from "@platform/db";
import type { AnyDB } from "@platform/db";
import type { Caller } from "@platform/kernel";
import { attributeValueConditions, keysetPage } from "@platform/http";
import type { PageRequest } from "@platform/http";
import { toRecord } from "./record.ts";
import type { SendingRecord, SendingRow } from "./record.ts";

export type SendingFilter = { readonly status?: string | undefined; readonly transport?: string | undefined; readonly category?: string | undefined; readonly recipient?: string | undefined };

export const findSending = (db: Kysely<AnyDB>, id: string): Promise<SendingRow | undefined> => rowByKey<SendingRow>(db, "sendings_sendings", "sending_id", id);

/**
 * One page of sendings, newest first, restricted to what the caller's access attributes
 * allow (the same rule as attributesAllow: sendings carry only `channelKey`, so a caller
 * restricted on any other attribute sees none).
 */
export const listSendings = async (db: Kysely<AnyDB>, caller: Pick<Caller, "attributes">, filter: SendingFilter, page: PageRequest) => {
  let q = db.selectFrom("sendings_sendings").selectAll();
  if (filter.status) q = q.where("status", "=", filter.status);
  if (filter.transport) q = q.where("transport", "=", filter.transport);
  if (filter.category) q = q.where("category", "=", filter.category);
  if (filter.recipient) q = q.where("recipient_lc", "=", filter.recipient.toLowerCase());
  for (const condition of attributeValueConditions({ channelKey: "channel_key" }, caller.attributes)) q = q.where(condition);
  return keysetPage(q, page, { sortSql: "created_at", sortField: "created_at", idSql: "sending_id", idField: "sending_id", direction: "desc" }, "sendings", (r) =>
    toRecord(r as SendingRow),
  ) as Promise<{ sendings: SendingRecord[]; totalCount: number; firstCursor: string | null; lastCursor: string | null }>;
};

export type SendingStats = { readonly pending: number; readonly sent: number; readonly bounced: number; readonly cancelled: number; readonly sent24h: number; readonly bounced24h: number };

/** Counts by status, plus sent/bounced of the last 24 hours (for the bounce rate). */
export const sendingStats = async (db: Kysely<AnyDB>): Promise<SendingStats> => {
  const rows = await db
    .selectFrom("sendings_sendings")
    .select(["status", sql<number>`count(*)::int`.as("n"), sql<number>`(count(*) FILTER (WHERE updated_at > now() - interval '24 hours'))::int`.as("recent")])
    .groupBy("status")
    .execute();
  const by = new Map(rows.map((r) => [r.status as string, r as { n: number; recent: number }]));
  const n = (s: string) => by.get(s)?.n ?? 0;
  return { pending: n("pending"), sent: n("sent"), bounced: n("bounced"), cancelled: n("cancelled"), sent24h: by.get("sent")?.recent ?? 0, bounced24h: by.get("bounced")?.recent ?? 0 };
};
