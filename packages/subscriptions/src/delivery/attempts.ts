import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import { keysetPage } from "@platform/http";
import type { PageRequest } from "@platform/http";

/** How many attempts of each subscription are kept for GET …/deliveries. */
export const KEPT_ATTEMPTS = 1000;

export type Attempt = {
  readonly subscriptionId: string;
  readonly webhookId: string;
  readonly eventPosition: string;
  readonly eventType: string;
  readonly attempt: number;
  readonly attemptedAt: Date;
  readonly status: number | null;
  readonly durationMs: number;
  readonly error: string | null;
};

type AttemptRow = {
  id: string | number;
  webhook_id: string;
  event_position: string;
  event_type: string;
  attempt: number;
  attempted_at: Date | string;
  status: number | null;
  duration_ms: number;
  error: string | null;
};

/** The delivery attempts' log: written by the delivering process, read by GET …/deliveries. */
export const createAttemptLog = (db: Kysely<AnyDB>) => {
  const written = new Map<string, number>();
  return {
    async record(a: Attempt) {
      await db
        .insertInto("subscriptions_deliveries")
        .values({
          subscription_id: a.subscriptionId,
          webhook_id: a.webhookId,
          event_position: a.eventPosition,
          event_type: a.eventType,
          attempt: a.attempt,
          attempted_at: a.attemptedAt.toISOString(),
          status: a.status,
          duration_ms: a.durationMs,
          error: a.error,
        })
        .execute();
      // Every hundredth attempt of a subscription trims it to the newest KEPT_ATTEMPTS.
      const n = (written.get(a.subscriptionId) ?? 0) + 1;
      written.set(a.subscriptionId, n % 100);
      if (n % 100 === 0) await this.trim(a.subscriptionId);
    },
    async trim(subscriptionId: string) {
      await sql`DELETE FROM subscriptions_deliveries WHERE subscription_id = ${subscriptionId} AND id < (
        SELECT id FROM subscriptions_deliveries WHERE subscription_id = ${subscriptionId} ORDER BY id DESC OFFSET ${KEPT_ATTEMPTS - 1} LIMIT 1)`.execute(db);
    },
    async forget(subscriptionId: string) {
      await db.deleteFrom("subscriptions_deliveries").where("subscription_id", "=", subscriptionId).execute();
    },
  };
};
export type AttemptLog = ReturnType<typeof createAttemptLog>;

const toDelivery = (r: AttemptRow) => ({
  webhookId: r.webhook_id,
  eventPosition: r.event_position,
  eventType: r.event_type,
  attempt: r.attempt,
  attemptedAt: new Date(r.attempted_at).toISOString(),
  status: r.status,
  durationMs: r.duration_ms,
  error: r.error,
});

/** GET /resources/subscriptions/{id}/deliveries: newest first (key `deliveries`). */
export const listDeliveries = (db: Kysely<AnyDB>, subscriptionId: string, page: PageRequest) =>
  keysetPage(
    db.selectFrom("subscriptions_deliveries").selectAll().where("subscription_id", "=", subscriptionId),
    page,
    { sortSql: "id", sortField: "id", idSql: "id::text", idField: "id", direction: "desc" },
    "deliveries",
    (r) => toDelivery(r as unknown as AttemptRow),
  );
