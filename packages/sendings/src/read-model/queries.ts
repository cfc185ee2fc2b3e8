import { sql } from "kysely";
import type { Kysely } from "kysely";
import { rowByKey } from "@platform/db";
import type { AnyDB } from "@platform/db";
import type { Caller } from "@platform/kernel";
import { attributeValueConditions, keysetPage } from "@platform/http";
import type { PageRequest } from "@platform/http";
import { toRecord } from "./record.ts";
import type { SendingRecord, SendingRow } from "./record.ts";
import { transportNames } from "../sending/events.ts";
import type { TransportName } from "../sending/events.ts";

type SendingFilter = {
  readonly status?: string | undefined;
  readonly transport?: string | undefined;
  readonly category?: string | undefined;
  readonly recipient?: string | undefined;
};

export const findSending = (db: Kysely<AnyDB>, id: string): Promise<SendingRow | undefined> =>
  rowByKey<SendingRow>(db, "sendings_sendings", "sending_id", id);

/**
 * One page of sendings, newest first, restricted to what the caller's access attributes
 * allow (the same rule as attributesAllow: sendings carry only `channelKey`, so a caller
 * restricted on any other attribute sees none).
 */
export const listSendings = async (
  db: Kysely<AnyDB>,
  caller: Pick<Caller, "attributes">,
  filter: SendingFilter,
  page: PageRequest,
) => {
  let q = db.selectFrom("sendings_sendings").selectAll();
  if (filter.status) q = q.where("status", "=", filter.status);
  if (filter.transport) q = q.where("transport", "=", filter.transport);
  if (filter.category) q = q.where("category", "=", filter.category);
  if (filter.recipient) q = q.where("recipient_lc", "=", filter.recipient.toLowerCase());
  for (const condition of attributeValueConditions({ channelKey: "channel_key" }, caller.attributes))
    q = q.where(condition);
  return keysetPage(
    q,
    page,
    { sortSql: "created_at", sortField: "created_at", idSql: "sending_id", idField: "sending_id", direction: "desc" },
    "sendings",
    (r) => toRecord(r as SendingRow),
  ) as Promise<{
    sendings: SendingRecord[];
    totalCount: number;
    firstCursor: string | null;
    lastCursor: string | null;
  }>;
};

export type SendingCounts = {
  readonly pending: number;
  readonly sent: number;
  readonly bounced: number;
  readonly cancelled: number;
  readonly sent24h: number;
  readonly bounced24h: number;
};
export type SendingStats = SendingCounts & { readonly byTransport: Readonly<Record<TransportName, SendingCounts>> };

type CountRow = { transport: string; status: string; n: number; recent: number };

const countsOf = (rows: readonly CountRow[]): SendingCounts => {
  const sum = (status: string, key: "n" | "recent") =>
    rows.reduce((total, r) => total + (r.status === status ? r[key] : 0), 0);
  return {
    pending: sum("pending", "n"),
    sent: sum("sent", "n"),
    bounced: sum("bounced", "n"),
    cancelled: sum("cancelled", "n"),
    sent24h: sum("sent", "recent"),
    bounced24h: sum("bounced", "recent"),
  };
};

/** Counts by status, plus sent/bounced of the last 24 hours (for the bounce rate): in all, and per transport. */
export const sendingStats = async (db: Kysely<AnyDB>): Promise<SendingStats> => {
  const rows = (await db
    .selectFrom("sendings_sendings")
    .select([
      "transport",
      "status",
      sql<number>`count(*)::int`.as("n"),
      sql<number>`(count(*) FILTER (WHERE updated_at > now() - interval '24 hours'))::int`.as("recent"),
    ])
    .groupBy(["transport", "status"])
    .execute()) as CountRow[];
  const byTransport = Object.fromEntries(
    transportNames.map((t) => [t, countsOf(rows.filter((r) => r.transport === t))]),
  ) as Record<TransportName, SendingCounts>;
  return { ...countsOf(rows), byTransport };
};
