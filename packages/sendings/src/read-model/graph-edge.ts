import type { GraphEdge } from "@platform/host";

/**
 * The `sendings` graph edge (packages/graph): the list's rows, narrowed by `channelKey` exactly
 * as the list is; `dynamic` (free-form) needs `graph/sending:field`.
 */
export const sendingsEdge: GraphEdge = {
  edge: "sendings",
  node: "sending",
  from: "sendings_sendings",
  idField: "sendingId",
  defaultOrder: "createdAt desc",
  access: { kind: "values", columns: { channelKey: "t.channel_key" } },
  customSources: { dynamic: "dynamic" },
  fields: {
    sendingId: { sql: "t.sending_id", type: "text" },
    recipient: { sql: "t.recipient", type: "text", nullable: true },
    transport: { sql: "t.transport", type: "text" },
    status: { sql: "t.status", type: "text" },
    category: { sql: "t.category", type: "text" },
    subject: { sql: "t.subject", type: "text", nullable: true },
    createdAt: { sql: "t.created_at", type: "instant" },
    updatedAt: { sql: "t.updated_at", type: "instant" },
    sentAt: { sql: "t.sent_at", type: "instant", nullable: true },
    errorMessage: { sql: "t.error_message", type: "text", nullable: true },
    retryCount: { sql: "t.retry_count", type: "number" },
    nextAttemptAt: { sql: "t.next_attempt_at", type: "instant", nullable: true },
    channelKey: { sql: "t.channel_key", type: "text", nullable: true },
    data: { sql: "jsonb_build_object('cc', t.cc, 'bcc', t.bcc)", type: "json" },
    dynamic: { sql: "t.dynamic", type: "json", restricted: true },
  },
};
