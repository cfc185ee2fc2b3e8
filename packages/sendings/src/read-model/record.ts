import type { SendingStatus } from "../sending/state.ts";
import type { SendingQueuedData, TransportName } from "../sending/events.ts";
import { jsonColumn } from "@platform/db";

/**
 * A sending as the API returns it; its personal fields null once its recipient was erased (`erased: true`).
 */
export type SendingRecord = {
  readonly sendingId: string;
  readonly recipient: string | null;
  readonly transport: TransportName;
  readonly status: SendingStatus;
  readonly category: string;
  readonly subject: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly sentAt: string | null;
  readonly errorMessage: string | null;
  readonly retryCount: number;
  readonly nextAttemptAt: string | null;
  readonly data: { readonly cc: string | null; readonly bcc: string | null };
  readonly dynamic: Readonly<Record<string, unknown>> | null;
  readonly erased?: true;
};

export type SendingRow = {
  sending_id: string;
  recipient: string | null;
  transport: string;
  status: string;
  category: string;
  subject: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  sent_at: Date | string | null;
  error_message: string | null;
  retry_count: number;
  next_attempt_at: Date | string | null;
  cc: string | null;
  bcc: string | null;
  dynamic: unknown;
  channel_key: string | null;
  erased_at?: Date | string | null;
};

const iso = (d: Date | string): string => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null): string | null => (d === null ? null : iso(d));

export const toRecord = (r: SendingRow): SendingRecord => ({
  sendingId: r.sending_id,
  recipient: r.recipient,
  transport: r.transport as TransportName,
  status: r.status as SendingStatus,
  category: r.category,
  subject: r.subject,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  sentAt: isoOrNull(r.sent_at),
  errorMessage: r.error_message,
  retryCount: r.retry_count,
  nextAttemptAt: isoOrNull(r.next_attempt_at),
  data: { cc: r.cc, bcc: r.bcc },
  dynamic: r.dynamic === null ? null : jsonColumn(r.dynamic as Record<string, unknown> | string),
  ...(r.erased_at ? { erased: true as const } : {}),
});

/**
 * A sending as its queueing made it: what the read model shows once it has projected the SendingQueued (its
 * projection writes the same fields), so whoever queued it can answer without waiting for that.
 */
export const queuedRecord = (sendingId: string, d: SendingQueuedData, at: string): SendingRecord => ({
  sendingId,
  recipient: d.recipient,
  transport: d.transport,
  status: "pending",
  category: d.category,
  subject: d.subject,
  createdAt: iso(at),
  updatedAt: iso(at),
  sentAt: null,
  errorMessage: null,
  retryCount: 0,
  nextAttemptAt: null,
  data: { cc: d.cc, bcc: d.bcc },
  dynamic: d.dynamic,
});
