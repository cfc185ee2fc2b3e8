import { checkpointStore, createFollowerLeases } from "@platform/actor-runtime";
import type { BackgroundTask, PlatformDeps } from "@platform/host";
import { activeSubscriptions } from "../read-model/queries.ts";
import type { AttemptLog } from "./attempts.ts";
import { createEventAccess } from "./event-access.ts";
import { createSender } from "./send-event.ts";
import type { Sender } from "./send-event.ts";
import { startSubscriptionLoop } from "./subscription-loop.ts";
import { testDelivery } from "./test-delivery.ts";
import { createTransformer } from "./transform.ts";
import type { LiveSubscription } from "../subscription/state.ts";
import type { SubscriptionLoop } from "./subscription-loop.ts";

export type DeliveryOptions = {
  /** How long one event is retried before its subscription is marked failing. Default 24 h. */
  readonly giveUpMs?: number;
  /** How often the active subscriptions are read again (others' changes). Default 1 s. */
  readonly syncMs?: number;
  /** Fallback poll of the log when no append wakes a subscription. Default 500 ms. */
  readonly pollMs?: number;
  /** Events read per page. Default 200. */
  readonly pageSize?: number;
  /**
   * POSTs in flight at once per subscription, of different streams (each stream's go one at a time, in order). Default
   * 16.
   */
  readonly concurrency?: number;
};

/**
 * The worker task that delivers every active subscription: a loop each (subscription-loop.ts),
 * started and stopped as the read model's subscriptions come and go (read every `syncMs`, and
 * at once when this process changed one), all woken by every append. Each loop holds its
 * subscription's lease, so with several processes each subscription is delivered by one.
 */
export const createDeliveryManager = (deps: PlatformDeps, attempts: AttemptLog, options: DeliveryOptions = {}) => {
  const loops = new Map<string, SubscriptionLoop>();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let syncing: Promise<void> | undefined;
  let again = false;
  let loopDeps: Parameters<typeof startSubscriptionLoop>[0] | undefined;
  // Made at the first use, not at the task's start: a gateway that runs no deliveries still sends test events.
  let sender: Sender | undefined;
  const send: Sender = (...args) =>
    (sender ??= createSender({ attempts, metrics: deps.metrics, allowPrivate: deps.config.outboundAllowPrivate }))(
      ...args,
    );
  const transform = createTransformer(deps);

  const syncOnce = async () => {
    const wanted = new Map((await activeSubscriptions(deps.db.kysely)).map((r) => [r.subscription_id, r.start_after]));
    for (const [id, loop] of loops)
      if (!wanted.has(id) || loop.finished) {
        loops.delete(id);
        await loop.stop();
      }
    if (!running || !loopDeps) return;
    for (const [id, startAfter] of wanted)
      if (!loops.has(id)) loops.set(id, startSubscriptionLoop(loopDeps, id, startAfter));
  };

  /** Reads the subscriptions now (a change made here); one read at a time, one more if asked meanwhile. */
  const sync = (): Promise<void> => {
    if (syncing) {
      again = true;
      return syncing;
    }
    syncing = (async () => {
      do {
        again = false;
        await syncOnce().catch((err: unknown) => deps.log.error({ err }, "reading the subscriptions failed"));
      } while (again && running);
    })().finally(() => {
      syncing = undefined;
    });
    return syncing;
  };

  const task: BackgroundTask = {
    name: "subscriptions-delivery",
    start() {
      if (running) return;
      running = true;
      const leases = createFollowerLeases(deps.db, deps.config.followerLease);
      loopDeps = {
        deps,
        leases,
        checkpoints: checkpointStore(deps.db.pool),
        access: createEventAccess(deps),
        send,
        transform,
        retryBaseMs: deps.config.subscriptionsRetryBaseMs,
        giveUpMs: options.giveUpMs ?? 24 * 3_600_000,
        pollMs: options.pollMs ?? 500,
        pageSize: options.pageSize ?? 200,
        concurrency: options.concurrency ?? 16,
      };
      unsubscribe = deps.store.subscribe(() => {
        for (const loop of loops.values()) loop.wake();
      });
      const tick = () => {
        void sync().finally(() => {
          if (running) timer = setTimeout(tick, options.syncMs ?? 1000);
        });
      };
      tick();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      unsubscribe?.();
      await syncing;
      await Promise.all([...loops.values()].map((l) => l.stop()));
      loops.clear();
      await attempts.flush();
      await loopDeps?.leases.close();
      loopDeps = undefined;
    },
  };
  return {
    task,
    attempts,
    /** POSTs one `subscription.test` event to `sub` (through its transform), in the background: its webhook id. */
    test: (sub: LiveSubscription): string => testDelivery(deps, sub, send, transform),
    /**
     * A subscription changed here (`id`'s position may have moved): start or stop its loop now, and have it read its
     * position again.
     */
    async changed(id: string) {
      if (!running) return;
      await sync();
      loops.get(id)?.moved();
    },
  };
};
export type DeliveryManager = ReturnType<typeof createDeliveryManager>;
