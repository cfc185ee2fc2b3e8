import type { Reactor } from "@platform/actor-runtime";
import type { BackgroundTask, PlatformDeps } from "@platform/host";
import { pollingLoop } from "@platform/host";
import { toE164 } from "@platform/kernel";

const BATCH = 500;

/**
 * A person's addresses as sendings hold them: an email lower-cased; a phone also as the E.164
 * number an SMS sending's recipient is (`46…`, `0046…`, `+46 70-123 45 67` → `+46701234567`).
 * A national number (`070…`) names no country: only its own spelling can match.
 */
const asStored = (contact: string): string[] => {
  const lower = contact.trim().toLowerCase();
  const e164 = lower.includes("@") ? null : toE164(lower);
  return e164 && e164 !== lower ? [lower, e164] : [lower];
};

/**
 * Erasure of a person's sendings (docs/PRIVACY.md). The person's addresses mark every sending
 * that names them, as recipient, cc or bcc, in any letter case; a marked sending that is no
 * longer pending loses its key (its journal's recipient, copies, message, data and replies
 * read null) and its row's personal columns. One still pending is delivered first: the sweep
 * after its last event erases it (the reactor on that event at once, the periodic task in any
 * case, so a crash between the two loses nothing).
 */
export const createRecipientErasure = (deps: Pick<PlatformDeps, "db" | "personalData">) => {
  const { pool } = deps.db;
  const sweep = async (): Promise<number> => {
    let erased = 0;
    for (;;) {
      const { rows } = await pool.query<{ sending_id: string }>(
        `SELECT sending_id FROM sendings_sendings
          WHERE erase_when_done AND erased_at IS NULL AND status <> 'pending' LIMIT ${BATCH}`,
      );
      if (rows.length === 0) return erased;
      const ids = rows.map((r) => r.sending_id);
      await deps.personalData.erase(ids.map((id) => `sending-${id}`));
      await pool.query(
        `UPDATE sendings_sendings SET recipient = NULL, recipient_lc = '', addresses_lc = '{}', subject = NULL,
            cc = NULL, bcc = NULL, dynamic = NULL, error_message = NULL, erased_at = now()
          WHERE sending_id = ANY($1) AND status <> 'pending'`,
        [ids],
      );
      erased += ids.length;
      if (rows.length < BATCH) return erased;
    }
  };
  return {
    sweep,
    /** Marks the sendings that name these addresses (emails, phone numbers) and erases those no longer pending. */
    async eraseContacts(contacts: readonly string[]): Promise<void> {
      const addresses = [...new Set(contacts.flatMap(asStored))];
      await pool.query(
        "UPDATE sendings_sendings SET erase_when_done = true WHERE addresses_lc && $1::text[] AND erased_at IS NULL",
        [addresses],
      );
      await sweep();
    },
  };
};

export type RecipientErasure = ReturnType<typeof createRecipientErasure>;

/** A sending's last event: a marked one can now be erased. */
export const erasureReactor = (erasure: RecipientErasure): Reactor => ({
  name: "sendings-recipient-erasure",
  eventTypes: ["SendingSent", "SendingBounced", "SendingCancelled"],
  settleMs: 500,
  handle: async () => void (await erasure.sweep()),
});

/**
 * The sweep every SENDINGS_INTERVAL_MS in worker processes, for a sending whose reactor ran before its row said it had
 * ended.
 */
export const erasureTask = (
  erasure: RecipientErasure,
  intervalMs: number,
  log: PlatformDeps["log"],
): BackgroundTask => {
  const loop = pollingLoop({
    intervalMs,
    pass: erasure.sweep,
    onError: (err) => log.error({ err }, "sendings erasure sweep failed"),
  });
  return { name: "sendings-recipient-erasure", start: () => loop.start(), stop: () => loop.stop() };
};
