import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import { keysetPage } from "@platform/http";
import type { PageRequest } from "@platform/http";

/** How many attempts of each subscription are kept for GET …/deliveries. */
const KEPT_ATTEMPTS = 1000;

export type Attempt = {
  readonly subscriptionId: string;
  readonly webhookId: string;
  readonly eventPosition: string | null;
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
  event_position: string | null;
  event_type: string;
  attempt: number;
  attempted_at: Date | string;
  status: number | null;
  duration_ms: number;
  error: string | null;
};

/** How long an attempt may wait in memory before it is written (with others, in one statement). */
const FLUSH_MS = 50;
const FLUSH_ROWS = 200;

/**
 * The delivery attempts' log: written by the delivering process, read by GET …/deliveries.
 * Attempts are written in batches (one INSERT per FLUSH_MS or FLUSH_ROWS), off the delivery's
 * path: it is a diagnostic record, and a process that dies loses at most its last batch.
 */
export const createAttemptLog = (db: Kysely<AnyDB>, log?: { error: (obj: object, msg: string) => void }) => {
  const written = new Map<string, number>();
  let buffer: Attempt[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = async (rows: readonly Attempt[]) => {
    await db
      .insertInto("subscriptions_deliveries")
      .values(
        rows.map((a) => ({
          subscription_id: a.subscriptionId,
          webhook_id: a.webhookId,
          event_position: a.eventPosition,
          event_type: a.eventType,
          attempt: a.attempt,
          attempted_at: a.attemptedAt.toISOString(),
          status: a.status,
          duration_ms: a.durationMs,
          error: a.error,
        })),
      )
      .execute();
    // About every hundredth attempt of a subscription trims it to the newest KEPT_ATTEMPTS.
    for (const id of new Set(rows.map((r) => r.subscriptionId))) {
      const n = (written.get(id) ?? 0) + rows.filter((r) => r.subscriptionId === id).length;
      written.set(id, n % 100);
      if (n >= 100) await trim(id);
    }
  };
  const trim = async (subscriptionId: string) => {
    await sql`DELETE FROM subscriptions_deliveries WHERE subscription_id = ${subscriptionId} AND id < (
      SELECT id FROM subscriptions_deliveries WHERE subscription_id = ${subscriptionId}
       ORDER BY id DESC OFFSET ${KEPT_ATTEMPTS - 1} LIMIT 1)`.execute(db);
  };
  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const rows = buffer;
    buffer = [];
    if (rows.length > 0)
      writing = writing
        .then(() => write(rows))
        .catch((err: unknown) => log?.error({ err }, "writing delivery attempts failed"));
    return writing;
  };
  return {
    record(a: Attempt) {
      buffer.push(a);
      if (buffer.length >= FLUSH_ROWS) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_MS);
    },
    /** Writes what is waiting (before a stop, or a read that must see every attempt). */
    flush,
    async forget(subscriptionId: string) {
      await flush();
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
