/** A sending as the API answers it (CONTRACT.md 7). */
export type Sending = {
  readonly sendingId: string;
  readonly recipient: string;
  readonly transport: string;
  readonly status: SendingStatus;
  readonly category: string;
  readonly subject: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly sentAt: string | null;
  readonly errorMessage: string | null;
  readonly retryCount: number;
  readonly nextAttemptAt: string | null;
  readonly data: { readonly cc: string; readonly bcc: string };
  readonly dynamic: unknown;
};

export const SENDING_STATUSES = ["pending", "sent", "bounced", "cancelled"] as const;
export type SendingStatus = (typeof SENDING_STATUSES)[number];

/** Retries the dispatcher makes before a sending bounces (the spec's "up to 3"). */
export const MAX_RETRIES = 3;

const BADGE: Readonly<Record<SendingStatus, string>> = { pending: "badge alert", sent: "badge ok", bounced: "badge critical", cancelled: "badge" };

/** A sending's status as a badge: the word, coloured (never colour alone). */
export const StatusBadge = (props: { status: SendingStatus }) => <span class={BADGE[props.status] ?? "badge"}>{props.status}</span>;
