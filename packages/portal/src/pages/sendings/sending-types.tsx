import type { SendingRecord, SendingStatus } from "@platform/sendings";

/** A sending as the API answers it (CONTRACT.md 7): the sendings context's published record. */
export type Sending = SendingRecord;

export const SENDING_STATUSES: readonly SendingStatus[] = ["pending", "sent", "bounced", "cancelled"];

/** Retries the dispatcher makes before a sending bounces (the spec's "up to 3"). */
export const MAX_RETRIES = 3;

const BADGE: Readonly<Record<SendingStatus, string>> = { pending: "badge alert", sent: "badge ok", bounced: "badge critical", cancelled: "badge" };

/** A sending's status as a badge: the word, coloured (never colour alone). */
export const StatusBadge = (props: { status: SendingStatus }) => <span class={BADGE[props.status] ?? "badge"}>{props.status}</span>;

/** Where a sending's personal field was: its recipient was erased (docs/PRIVACY.md). */
export const ERASED = <em class="hint">erased</em>;
