import type { SendingRecord, SendingStatus } from "@platform/sendings";

/** A sending as the API answers it: the sendings context's published record. */
export type Sending = SendingRecord;

export const SENDING_STATUSES: readonly SendingStatus[] = ["pending", "sent", "bounced", "cancelled"];

/** How a sending is delivered (docs/SENDINGS.md); the list filters by it. */
export type Transport = Sending["transport"];
export const TRANSPORTS: readonly Transport[] = ["email", "sms", "push"];
/** A transport as the pages name it: "SMS" is an abbreviation, not a word. */
export const TRANSPORT_LABELS: Readonly<Record<Transport, string>> = { email: "Email", sms: "SMS", push: "Push" };

/** A transport's name for the page; one this portal does not know yet (a newer service's) as the API spells it. */
export const transportLabel = (transport: string): string =>
  Object.hasOwn(TRANSPORT_LABELS, transport) ? TRANSPORT_LABELS[transport as Transport] : transport;

/** Retries the dispatcher makes before a sending bounces (the spec's "up to 3"). */
export const MAX_RETRIES = 3;

const BADGE: Readonly<Record<SendingStatus, string>> = {
  pending: "badge alert",
  sent: "badge ok",
  bounced: "badge critical",
  cancelled: "badge",
};

/** A sending's status as a badge: the word, coloured (never colour alone). */
export const StatusBadge = (props: { status: SendingStatus }) => (
  <span class={BADGE[props.status] ?? "badge"}>{props.status}</span>
);

/** Where a sending's personal field was: its recipient was erased (docs/PRIVACY.md). */
export const ERASED = <em class="hint">erased</em>;

/** A sending's subject, a push's title; an SMS has none, so its null is "—", not an erasure. */
export const subjectOf = (s: Sending) => (s.transport === "sms" ? "—" : (s.subject ?? ERASED));
