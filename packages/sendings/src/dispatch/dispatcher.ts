import { createClaimLiveness, newClaimOwner } from "@platform/db";
import { isDomainError } from "@platform/kernel";
import { pollingLoop } from "@platform/host";
import type { BackgroundTask, PlatformDeps } from "@platform/host";
import type { SendingCommand } from "../sending/commands.ts";
import type { SendingState } from "../sending/state.ts";
import { claimNext, releaseClaim, renewClaim } from "./claims.ts";
import { takeRateSlot } from "./rate-limit.ts";
import { configuredTransports } from "../transports/configured.ts";
import type { TransportOptions } from "../transports/configured.ts";
import type { DeliveryOutcome, Transport } from "../transports/transport.ts";
import { wakeChannel } from "./wake.ts";
import { dispatcherInitiator } from "./initiator.ts";
import { receiptRecorder } from "./receipts.ts";

export type DispatcherOptions = Omit<TransportOptions, "onSmsReceipt" | "onSmsError"> & {
  /**
   * How long a claim holds a sending without renewal; renewed every third of it while a delivery runs. Default 2 min.
   */
  readonly leaseMs?: number;
  /**
   * Deliveries in flight at once per dispatcher. Default 16: each waits on its server, not the
   * CPU (`npm run bench -- sendings`: 4 gave 23 mails, 54 pushes and 59 SMS a second on 2 cores,
   * 16 gave 60, 171 and 213), and 16 connections stay under common SMTP relays' per-client limits.
   */
  readonly concurrency?: number;
  /** Called after every pass over the queue (tests count passes instead of sleeping). */
  readonly onPass?: () => void;
};

export { dispatcherInitiator } from "./initiator.ts";

/** How often a dispatcher looks for dispatchers that died. */
const SWEEP_MS = 1000;

const errorOf = (error: unknown) => (error instanceof Error ? { message: error.message } : error);

/**
 * The sending dispatcher (a worker task): every SENDINGS_INTERVAL_MS, and at once when a
 * queue wakes it, claims due sendings one by one, takes a slot of their transport's shared
 * rate limit, hands them to the transport (SMTP, SMPP, Web Push) and appends the outcome to
 * the sending's journal. Any number of dispatchers may run against one database; each claims
 * only sendings of the transports configured in its process.
 */
export const createDispatcher = (deps: PlatformDeps, options: DispatcherOptions = {}) => {
  const { config, db, runtime, log } = deps;
  const { intervalMs, retryBaseMs } = config.sendings;
  const leaseMs = options.leaseMs ?? 120_000;
  const concurrency = options.concurrency ?? 16;
  const owner = newClaimOwner();
  // A dispatcher that dies lets go of its claims at once on PostgreSQL (its session lock ends), not after the lease.
  const liveness = createClaimLiveness(db, owner, config.followerLease, {
    queue: "sendings_queue",
    registry: "sendings_dispatchers",
  });
  let sweeper: NodeJS.Timeout | undefined;
  let started: Promise<void> | undefined;
  let transports = new Map<string, Transport>();
  /** Settles once start() has loaded the configured transports. */
  let loaded: Promise<void> = Promise.resolve();
  const running = () => loop.isRunning();
  const wake = () => loop.wake();

  /** Delivers one claimed sending; "stop" when its transport's rate limit is reached. */
  const deliverOne = async (id: string, transport: Transport): Promise<"done" | "stop"> => {
    const s = (await runtime.load("sending", id)).state as SendingState;
    if (s.status !== "pending") {
      await db.pool.query("DELETE FROM sendings_queue WHERE sending_id = $1", [id]);
      return "done";
    }
    if (!(await takeRateSlot(db, transport.name, transport.ratePerMinute))) {
      await releaseClaim(db.pool, id, owner);
      return "stop";
    }
    // Heartbeat: keep the claim while the exchange runs, however slow the server is, so
    // no other dispatcher takes the sending over mid-delivery. A crash stops it, and the
    // lease then runs out as before.
    const heartbeat = setInterval(
      () => void renewClaim(db.pool, id, owner, leaseMs).catch(() => undefined),
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    let outcome: DeliveryOutcome;
    try {
      outcome = await transport.deliver(id, s);
    } finally {
      clearInterval(heartbeat);
    }
    const command: SendingCommand =
      outcome.kind === "sent"
        ? { type: "markSent", messageId: outcome.messageId, rejectedCopies: outcome.rejectedCopies }
        : {
            type: "recordFailure",
            error: outcome.error,
            permanent: outcome.permanent,
            retryBaseMs,
            copiesDelivered: outcome.copiesDelivered,
            ...(outcome.retryAfterMs !== undefined ? { retryAfterMs: outcome.retryAfterMs } : {}),
          };
    try {
      await runtime.execute("sending", id, [command], { ...dispatcherInitiator, correlationId: id });
    } catch (error) {
      // Cancelled while on the wire: the journal keeps the cancel; say what happened.
      if (isDomainError(error) && error.code === "INVALID_STATE")
        log.warn({ sendingId: id, outcome: outcome.kind }, "sending changed during delivery");
      else throw error;
    }
    // The reply's code only: its text quotes the address, and stays sealed in the sending's record.
    if (outcome.kind === "failed")
      log.info(
        { sendingId: id, permanent: outcome.permanent, replyCode: outcome.replyCode },
        "sending delivery failed",
      );
    return "done";
  };

  /**
   * One pass over the due sendings: `concurrency` lanes, each claiming one sending at a time,
   * of the transports that are ready and whose rate limit is not yet spent in this pass.
   */
  const tick = async () => {
    await loaded;
    const open = new Set([...transports.values()].filter((t) => t.ready?.() ?? true).map((t) => t.name));
    const lane = async () => {
      while (running() && open.size > 0) {
        const claimed = await claimNext(db.pool, owner, leaseMs, [...open]);
        if (!claimed) return;
        const transport = transports.get(claimed.transport)!;
        // A spent rate limit, or a transport that lost its connection: its sendings wait for a later pass.
        if ((await deliverOne(claimed.id, transport)) === "stop" || transport.ready?.() === false)
          open.delete(transport.name);
      }
    };
    // Let every lane finish before the pass ends, so passes never overlap.
    const failed = (await Promise.allSettled(Array.from({ length: concurrency }, lane))).find(
      (r) => r.status === "rejected",
    );
    if (failed) throw failed.reason;
  };

  const sweep = () =>
    void liveness
      .sweep()
      .then((freed) => {
        if (freed === 0) return;
        log.info({ freed }, "took back the sendings of a dispatcher that died");
        wake();
      })
      .catch((error: unknown) => log.warn({ err: errorOf(error) }, "looking for dead sending dispatchers failed"));

  const loop = pollingLoop({
    db,
    channel: wakeChannel(db.schema),
    intervalMs,
    pass: async () => {
      await tick();
      options.onPass?.();
    },
    onError: (error) =>
      log.error(
        { err: error instanceof Error ? { message: error.message, stack: error.stack } : error },
        "sending dispatcher pass failed",
      ),
  });

  const task: BackgroundTask & { wake(): void; tick(): Promise<void> } = {
    name: "sendings:dispatcher",
    start() {
      if (running()) return;
      const onSmsError = (error: Error) =>
        log.warn({ err: { message: error.message } }, "SMSC connection trouble; SMS sendings retry");
      loaded = configuredTransports(config, { ...options, onSmsReceipt: receiptRecorder(deps), onSmsError }).then(
        (list) => {
          transports = new Map(list.map((t) => [t.name, t]));
        },
      );
      if (!config.smtpUrl) log.warn("SMTP_URL is not set: email sendings stay pending until it is");
      // Seen alive (or a dead process's claims taken back) before the first claim; a failure leaves this
      // dispatcher's claims to their lease.
      started = liveness
        .start()
        .catch((error: unknown) =>
          log.warn(
            { err: errorOf(error) },
            "registering the sending dispatcher failed; its claims rely on their lease",
          ),
        )
        .then(() => {
          loop.start();
          if (liveness.kind !== "session") return;
          sweeper = setInterval(sweep, SWEEP_MS);
          sweeper.unref();
        });
    },
    async stop() {
      await started;
      clearInterval(sweeper);
      await loop.stop();
      await liveness.stop();
      await loaded.catch(() => undefined);
      await Promise.all([...transports.values()].map((t) => t.close()));
      transports = new Map();
    },
    wake,
    tick,
  };
  return task;
};

export type Dispatcher = ReturnType<typeof createDispatcher>;
