import { sql } from "kysely";
import type { Kysely } from "kysely";
import { jsonColumn } from "@platform/db";
import type { AnyDB } from "@platform/db";
import { keysetPage } from "@platform/http";
import type { PageRequest } from "@platform/http";
import type { Maker, Transform } from "../subscription/events.ts";

/** A subscription's follower in rt_checkpoints: its delivery position and lease. */
export const checkpointName = (subscriptionId: string) => `subscription:${subscriptionId}`;

export type SubscriptionRow = {
  subscription_id: string;
  url: string;
  event_types: string[] | string;
  description: string | null;
  max_per_second: number | null;
  transform: Transform | string | null;
  status: "active" | "paused" | "failing";
  failure: { eventPosition: string; error: string; at: string } | string | null;
  maker: Maker | string;
  start_after: string;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
  position: string | null;
};

const iso = (d: Date | string) => new Date(d).toISOString();

/** A row as the API shows it (`Subscription` in contract/responses.ts). */
export const toSubscription = (r: SubscriptionRow) => ({
  subscriptionId: r.subscription_id,
  url: r.url,
  eventTypes: jsonColumn<string[]>(r.event_types),
  description: r.description,
  maxPerSecond: r.max_per_second,
  transform: jsonColumn<Transform | null>(r.transform, null),
  status: r.status,
  failure: jsonColumn(r.failure, null),
  position: r.position ?? r.start_after,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  version: r.version,
});

const withPosition = (db: Kysely<AnyDB>) =>
  db
    .selectFrom("subscriptions_subscriptions as s")
    .leftJoin("rt_checkpoints as c", (j) => j.on(sql`c.name`, "=", sql`'subscription:' || s.subscription_id`))
    .selectAll("s")
    .select(sql<string | null>`c.position`.as("position"));

export const findSubscription = async (db: Kysely<AnyDB>, id: string): Promise<SubscriptionRow | undefined> =>
  (await withPosition(db).where("s.subscription_id", "=", id).executeTakeFirst()) as SubscriptionRow | undefined;

/** The subscriptions that deliver now (the delivery manager's). */
export const activeSubscriptions = async (
  db: Kysely<AnyDB>,
): Promise<{ subscription_id: string; start_after: string }[]> =>
  (await db
    .selectFrom("subscriptions_subscriptions")
    .select(["subscription_id", "start_after"])
    .where("status", "=", "active")
    .execute()) as { subscription_id: string; start_after: string }[];

/** GET /resources/subscriptions: by id (key `subscriptions`). */
export const listSubscriptions = (db: Kysely<AnyDB>, page: PageRequest) =>
  keysetPage(
    withPosition(db),
    page,
    {
      sortSql: "s.subscription_id",
      sortField: "subscription_id",
      idSql: "s.subscription_id",
      idField: "subscription_id",
      direction: "asc",
    },
    "subscriptions",
    (r) => toSubscription(r as unknown as SubscriptionRow),
  );
