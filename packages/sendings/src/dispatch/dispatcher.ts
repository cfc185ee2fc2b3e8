import { randomUUID } from "node:crypto";
import { isDomainError } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import { pollingLoop } from "@platform/platform";
import type { BackgroundTask, PlatformDeps } from "@platform/platform";
import type { SendingCommand } from "../sending/commands.ts";
import type { SendingState } from "../sending/state.ts";
import { claimNext, releaseClaim, renewClaim } from "./claims.ts";
import { takeRateSlot } from "./rate-limit.ts";
import { createSmtpMailer } from "./smtp-mailer.ts";
import type { DeliveryOutcome, SmtpMailer, SmtpTimeouts } from "./smtp-mailer.ts";
import { wakeChannel } from "./wake.ts";

export type DispatcherOptions = {
  readonly smtpTimeouts?: SmtpTimeouts;
  /** How long a claim holds a sending without renewal; renewed every third of it while SMTP runs. Default 2 min. */
  readonly leaseMs?: number;
  /** Deliveries in flight at once per dispatcher (SMTP latency, not CPU, is the limit). Default 4. */
  readonly concurrency?: number;
  /** Called after every pass over the queue (tests count passes instead of sleeping). */
  readonly onPass?: () => void;
};

/** Who the dispatcher is in the journal: every state change it causes names it. */
export const dispatcherInitiator: Initiator = { clientId: "system:sendings-dispatcher" };

const split = (list: string) => list.split(",").map((s) => s.trim()).filter(Boolean);

/**
 * The sending dispatcher (a worker task): every SENDINGS_INTERVAL_MS, and at once when a
 * queue wakes it, claims due sendings one by one, takes a slot of the shared rate limit,
 * delivers over SMTP and appends the outcome to the sending's journal. Any number of
 * dispatchers may run against one database.
 */
export const createDispatcher = (deps: PlatformDeps, options: DispatcherOptions = {}) => {
  const { config, db, runtime, log } = deps;
  const { intervalMs, ratePerMinute, retryBaseMs } = config.sendings;
  const leaseMs = options.leaseMs ?? 120_000;
  const concurrency = options.concurrency ?? 4;
  const owner = `${process.pid}-${randomUUID()}`;
  let mailer: SmtpMailer | undefined;
  const running = () => loop.isRunning();
  const wake = () => loop.wake();

  /** Delivers one claimed sending; "stop" when the rate limit is reached. */
  const deliverOne = async (id: string): Promise<"done" | "stop"> => {
    const s = (await runtime.load("sending", id)).state as SendingState;
    if (s.status !== "pending") {
      await db.pool.query("DELETE FROM sendings_queue WHERE sending_id = $1", [id]);
      return "done";
    }
    if (!(await takeRateSlot(db, ratePerMinute))) {
      await releaseClaim(db.pool, id, owner);
      return "stop";
    }
    // Heartbeat: keep the claim while the SMTP exchange runs, however slow the server is, so
    // no other dispatcher takes the sending over mid-delivery. A crash stops it, and the
    // lease then runs out as before.
    const heartbeat = setInterval(() => void renewClaim(db.pool, id, owner, leaseMs).catch(() => undefined), Math.max(10, Math.floor(leaseMs / 3)));
    let outcome: DeliveryOutcome;
    try {
      outcome = await mailer!.deliver({
        sendingId: id,
        to: s.recipient,
        cc: split(s.cc),
        bcc: split(s.bcc),
        includeCopies: !s.copiesDelivered,
        subject: s.subject,
        text: s.plainText,
        html: s.html,
      });
    } finally {
      clearInterval(heartbeat);
    }
    const command: SendingCommand =
      outcome.kind === "sent"
        ? { type: "markSent", messageId: outcome.messageId, rejectedCopies: outcome.rejectedCopies }
        : { type: "recordFailure", error: outcome.error, permanent: outcome.permanent, retryBaseMs, copiesDelivered: outcome.copiesDelivered };
    try {
      await runtime.execute("sending", id, [command], { ...dispatcherInitiator, correlationId: id });
    } catch (error) {
      // Cancelled while on the wire: the journal keeps the cancel; say what happened.
      if (isDomainError(error) && error.code === "INVALID_STATE") log.warn({ sendingId: id, outcome: outcome.kind }, "sending changed during delivery");
      else throw error;
    }
    if (outcome.kind === "failed") log.info({ sendingId: id, permanent: outcome.permanent, error: outcome.error }, "sending delivery failed");
    return "done";
  };

  /** One pass over the due sendings: `concurrency` lanes, each claiming one sending at a time. */
  const tick = async () => {
    if (!mailer) return;
    let stop = false;
    const lane = async () => {
      while (running() && !stop) {
        const id = await claimNext(db.pool, owner, leaseMs);
        if (!id) return;
        if ((await deliverOne(id)) === "stop") stop = true;
      }
    };
    // Let every lane finish before the pass ends, so passes never overlap.
    const failed = (await Promise.allSettled(Array.from({ length: concurrency }, lane))).find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
  };

  const loop = pollingLoop({
    db,
    channel: wakeChannel(db.schema),
    intervalMs,
    pass: async () => {
      await tick();
      options.onPass?.();
    },
    onError: (error) => log.error({ err: error instanceof Error ? { message: error.message, stack: error.stack } : error }, "sending dispatcher pass failed"),
  });

  const task: BackgroundTask & { wake(): void; tick(): Promise<void> } = {
    name: "sendings:dispatcher",
    start() {
      if (running()) return;
      if (config.smtpUrl) mailer = createSmtpMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, ...(options.smtpTimeouts ? { timeouts: options.smtpTimeouts } : {}) });
      else log.warn("SMTP_URL is not set: sendings stay pending until it is");
      loop.start();
    },
    async stop() {
      await loop.stop();
      mailer?.close();
      mailer = undefined;
    },
    wake,
    tick,
  };
  return task;
};

export type Dispatcher = ReturnType<typeof createDispatcher>;
