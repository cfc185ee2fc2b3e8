import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import type { Projection } from "@platform/actor-runtime";
import type { RecordedEvent } from "@platform/event-store";
import type { SendingEvent, SendingQueuedData } from "../sending/events.ts";
import { sendingEventTypes } from "../sending/events.ts";
import { channelKeyOf, receiptError } from "../sending/state.ts";

const idOf = (e: RecordedEvent) => e.streamId.slice("sending-".length);

/** Every address the sending names, lower-cased: erasure finds a person in any of them (none once erased). */
const addressesOf = (d: SendingQueuedData): string[] => [
  ...new Set(
    [d.recipient, d.cc, d.bcc]
      .flatMap((list) => (list ?? "").split(","))
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean),
  ),
];

/** Projects sending events into sendings_sendings (GET/list) and sendings_queue (the dispatcher's work). */
export const sendingsProjection: Projection = {
  name: "sendings",
  eventTypes: sendingEventTypes,
  apply: async (trx, events) => {
    for (const recorded of events)
      await applyOne(
        trx,
        idOf(recorded),
        recorded.metadata.at,
        { type: recorded.type, data: recorded.data } as SendingEvent,
        recorded.erased === true,
      );
  },
  reset: async (trx) => {
    await trx.deleteFrom("sendings_message_ids").execute();
    await trx.deleteFrom("sendings_queue").execute();
    await trx.deleteFrom("sendings_sendings").execute();
  },
};

/** `erased`: a rebuild reading a sending whose recipient was erased; its personal fields are null. */
const applyOne = async (trx: Kysely<AnyDB>, id: string, at: string, e: SendingEvent, erased: boolean) => {
  const update = (values: Record<string, unknown>) =>
    trx
      .updateTable("sendings_sendings")
      .set({ ...values, updated_at: at })
      .where("sending_id", "=", id)
      .execute();
  const dequeue = () => trx.deleteFrom("sendings_queue").where("sending_id", "=", id).execute();
  switch (e.type) {
    case "SendingQueued": {
      const d = e.data;
      await trx
        .insertInto("sendings_sendings")
        .values({
          sending_id: id,
          recipient: d.recipient,
          recipient_lc: d.recipient?.toLowerCase() ?? "",
          addresses_lc: addressesOf(d),
          transport: d.transport,
          status: "pending",
          category: d.category,
          subject: d.subject,
          created_at: at,
          updated_at: at,
          cc: d.cc,
          bcc: d.bcc,
          dynamic: d.dynamic === null ? null : JSON.stringify(d.dynamic),
          channel_key: channelKeyOf(d.dynamic) ?? null,
          ...(erased ? { erase_when_done: true, erased_at: at } : {}),
        })
        .onConflict((oc) => oc.column("sending_id").doNothing())
        .execute();
      if (!erased)
        await trx
          .insertInto("sendings_queue")
          .values({ sending_id: id, due_at: at, transport: d.transport })
          .onConflict((oc) => oc.column("sending_id").doNothing())
          .execute();
      return;
    }
    case "SendingAttemptFailed":
      await update({
        retry_count: e.data.retryCount,
        next_attempt_at: e.data.nextAttemptAt,
        error_message: e.data.error,
      });
      await trx
        .updateTable("sendings_queue")
        .set({ due_at: e.data.nextAttemptAt, claimed_by: null, lease_until: null })
        .where("sending_id", "=", id)
        .execute();
      return;
    case "SendingSent": {
      const row = await trx
        .updateTable("sendings_sendings")
        .set({ status: "sent", sent_at: e.data.sentAt, error_message: null, next_attempt_at: null, updated_at: at })
        .where("sending_id", "=", id)
        .returning("transport")
        .executeTakeFirst();
      await dequeue();
      // An SMS's part ids: where its delivery receipts are looked up.
      if (row?.transport === "sms") await recordMessageIds(trx, id, e.data.messageId.split(","));
      return;
    }
    case "SendingReceiptReceived":
      if (e.data.bounced) await update({ status: "bounced", error_message: receiptError(e.data) });
      return;
    case "SendingBounced":
      await update({
        status: "bounced",
        error_message: e.data.error,
        retry_count: e.data.retryCount,
        next_attempt_at: null,
      });
      await dequeue();
      return;
    case "SendingCancelled":
      await update({ status: "cancelled", next_attempt_at: null });
      await dequeue();
      return;
    default:
      return;
  }
};

/** Maps an SMS's part ids to it (the newest sending wins should an SMSC reuse an id). */
const recordMessageIds = async (trx: Kysely<AnyDB>, id: string, messageIds: readonly string[]) => {
  const ids = messageIds.filter((m) => m.length > 0 && m.length <= 200);
  if (ids.length === 0) return;
  await trx
    .insertInto("sendings_message_ids")
    .values(ids.map((message_id) => ({ message_id, sending_id: id })))
    .onConflict((oc) => oc.column("message_id").doUpdateSet({ sending_id: id }))
    .execute();
};
