import type { Reactor } from "@platform/actor-runtime";
import type { BackgroundTask, PlatformDeps } from "@platform/platform";
import { pollingLoop } from "@platform/platform";

const BATCH = 500;

/** A phone number as an SMS sending's recipient holds it: `+46 70-123 45 67` → `+46701234567`. */
const asE164 = (contact: string): string[] => {
  if (contact.includes("@") || !contact.trim().startsWith("+")) return [];
  const e164 = `+${contact.replace(/\D/g, "")}`;
  return e164 === contact ? [] : [e164];
};

/**
 * Erasure of a person's sendings (docs/PRIVACY.md). The person's addresses mark every sending
 * to them; a marked sending that is no longer pending loses its key (its journal's recipient,
 * message, data and replies read null) and its row's personal columns. One still pending is
 * delivered first: the sweep after its last event erases it (the reactor on that event at
 * once, the periodic task in any case, so a crash between the two loses nothing).
 */
export const createRecipientErasure = (deps: Pick<PlatformDeps, "db" | "personalData">) => {
  const { pool } = deps.db;
  const sweep = async (): Promise<number> => {
    let erased = 0;
    for (;;) {
      const { rows } = await pool.query<{ sending_id: string }>(`SELECT sending_id FROM sendings_sendings WHERE erase_when_done AND erased_at IS NULL AND status <> 'pending' LIMIT ${BATCH}`);
      if (rows.length === 0) return erased;
      const ids = rows.map((r) => r.sending_id);
      await deps.personalData.erase(ids.map((id) => `sending-${id}`));
      await pool.query(
        `UPDATE sendings_sendings SET recipient = NULL, recipient_lc = '', subject = NULL, cc = NULL, bcc = NULL, dynamic = NULL, error_message = NULL, erased_at = now()
          WHERE sending_id = ANY($1) AND status <> 'pending'`,
        [ids],
      );
      erased += ids.length;
      if (rows.length < BATCH) return erased;
    }
  };
  return {
    sweep,
    /** Marks the sendings to these addresses (lower-cased emails, phone numbers) and erases those no longer pending. */
    async eraseContacts(contacts: readonly string[]): Promise<void> {
      await pool.query("UPDATE sendings_sendings SET erase_when_done = true WHERE recipient_lc = ANY($1) AND erased_at IS NULL", [[...contacts, ...contacts.flatMap(asE164)]]);
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

/** The sweep every SENDINGS_INTERVAL_MS in worker processes, for a sending whose reactor ran before its row said it had ended. */
export const erasureTask = (erasure: RecipientErasure, intervalMs: number, log: PlatformDeps["log"]): BackgroundTask => {
  const loop = pollingLoop({ intervalMs, pass: erasure.sweep, onError: (err) => log.error({ err }, "sendings erasure sweep failed") });
  return { name: "sendings-recipient-erasure", start: () => loop.start(), stop: () => loop.stop() };
};
