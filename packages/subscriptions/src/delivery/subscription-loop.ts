import type { FollowerLeases, checkpointStore } from "@platform/actor-runtime";
import type { RecordedEvent } from "@platform/event-store";
import type { PlatformDeps } from "@platform/host";
import { checkpointName } from "../read-model/queries.ts";
import type { LiveSubscription, SubscriptionState } from "../subscription/state.ts";
import { LeaseLost, createCheckpointWriter } from "./checkpoint-writer.ts";
import type { EventAccess } from "./event-access.ts";
import { createRetries } from "./retries.ts";
import { createPacer } from "./pacer.ts";
import type { Outgoing, Sender } from "./send-event.ts";
import { sendWindow } from "./send-window.ts";
import type { Transformer } from "./transform.ts";
import { webhookPayload } from "./webhook.ts";

type LoopDeps = {
  readonly deps: PlatformDeps;
  readonly leases: FollowerLeases;
  readonly checkpoints: ReturnType<typeof checkpointStore>;
  readonly access: EventAccess;
  readonly send: Sender;
  readonly transform: Transformer;
  readonly retryBaseMs: number;
  /** How long an event is retried before the subscription is marked failing (24 h). */
  readonly giveUpMs: number;
  /** Fallback poll when no append wakes the loop. */
  readonly pollMs: number;
  readonly pageSize: number;
  /** POSTs in flight at once for one subscription, of different streams. */
  readonly concurrency: number;
};

/** Who marks a subscription failing, in its journal. */
const delivererInitiator = { clientId: "system:subscriptions-deliverer" };

/**
 * After a wake-up, an empty read looks again this soon for a while: a commit's events can show after its notification.
 */
const RECHECK_MS = 25;
const RECHECK_FOR_MS = 5000;
/** How often a held lease is renewed while the loop waits (a retry can be an hour away). */
const RENEW_MS = 4000;

/**
 * One subscription's delivery, as a follower of the log under its lease and checkpoint
 * (`subscription:<id>` in rt_checkpoints, the follower runner's): the events of its types after
 * its position, each stream's in order, several streams side by side (sendWindow), each POSTed
 * until a 2xx answer; the checkpoint follows the delivered prefix. A refused event stops the
 * window: it is retried alone, later (retries.ts), until delivered or its time is up (failing).
 * At least once: a process that dies sends again what it delivered after its last checkpoint
 * write. A position moved under it (a replay) is taken up at once here, at the next lease
 * renewal elsewhere.
 */
export const startSubscriptionLoop = (d: LoopDeps, subscriptionId: string, startAfter: string) => {
  const name = checkpointName(subscriptionId);
  let stopped = false;
  let signalled = false;
  let wokenAt = 0;
  let interrupt: { readonly done: () => void; readonly byAppends: boolean } | undefined;
  let finished = false;
  /** Its position may have been moved (a replay here): read it again now rather than at the next renewal. */
  let moved = false;
  /** Waits `ms`, or less: a stop ends any wait, an append only one for new events (not a retry's). */
  const sleep = (ms: number, byAppends = true) =>
    new Promise<void>((resolve) => {
      if ((byAppends && signalled) || stopped) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        interrupt = undefined;
        resolve();
      }
      interrupt = { done, byAppends };
    });

  const load = async (): Promise<LiveSubscription | undefined> => {
    const s = (await d.deps.runtime.load("subscription", subscriptionId)).state as SubscriptionState;
    return s.status === "active" ? s : undefined;
  };

  const run = async () => {
    await d.checkpoints.ensure(name);
    // A new subscription (or one re-created) starts after its creation event; the route sets it, this covers a crash
    // before.
    await d.deps.db.pool.query("UPDATE rt_checkpoints SET position = $2 WHERE name = $1 AND position IS NULL", [
      name,
      startAfter,
    ]);
    const checkpoint = createCheckpointWriter(d.checkpoints, name, () => d.leases.owner);
    const retries = createRetries(d.retryBaseMs, d.giveUpMs);
    // Events delivered beyond the checkpoint (in flight beside one that failed): not sent again when the page is read
    // again.
    const ahead = new Set<string>();
    let owned = false;
    let renewedAt = 0;
    let failures = 0;
    let pacer = createPacer(null);
    while (!stopped) {
      try {
        if (!owned || moved || Date.now() - renewedAt > RENEW_MS || !d.leases.holds(name, renewedAt)) {
          moved = false;
          const claim = await d.leases.claim(name);
          if (!claim) {
            owned = false;
            await sleep(1000);
            continue;
          }
          // Moved by someone else (a replay), or taken over: start over from its stored position.
          if (!owned || claim.position !== checkpoint.stored) {
            checkpoint.reset(claim.position);
            retries.clear();
            ahead.clear();
          }
          owned = true;
          renewedAt = Date.now();
        }
        const wait = retries.waitMs();
        if (wait > 0) {
          await sleep(Math.min(wait, RENEW_MS), false);
          continue;
        }
        const sub = await load();
        if (!sub) break;
        signalled = false;
        const page = await d.deps.store.readPage({
          after: checkpoint.position,
          limit: d.pageSize,
          types: sub.eventTypes,
        });
        if (page.end === null) {
          await sleep(Date.now() - wokenAt < RECHECK_FOR_MS ? RECHECK_MS : d.pollMs);
          continue;
        }
        const reader = await d.access.readerOf(sub.maker);
        if (pacer.maxPerSecond !== sub.maxPerSecond) pacer = createPacer(sub.maxPerSecond);
        const outgoing = async (e: RecordedEvent): Promise<Outgoing> => {
          const payload = webhookPayload(e);
          return {
            webhookId: e.id,
            eventPosition: e.position,
            eventType: e.type,
            at: e.metadata.at,
            body: sub.transform ? await d.transform(sub.transform, sub.maker, e.id, payload) : JSON.stringify(payload),
          };
        };
        const result = await sendWindow(page.events, {
          width: () => (retries.retrying ? 1 : d.concurrency),
          // Events its maker may not read are passed by: the checkpoint moves past them too.
          skip: async (e) => ahead.has(e.position) || !reader || !(await d.access.readable(reader, e)),
          send: async (e) => {
            const out = await outgoing(e);
            const { delivered, error } = await d.send(sub, out, retries.attemptOf(e.position), pacer.take);
            if (delivered) retries.delivered(e.position);
            else retries.refused(e.position, error);
            return delivered;
          },
          onPrefix: (position) => checkpoint.moveTo(position),
          isStopped: () => stopped,
        });
        for (const e of result.ahead) ahead.add(e.position);
        if (result.failed) await stopAt(result.failed);
        else if (!stopped && page.end !== checkpoint.position) checkpoint.moveTo(page.end);
        await checkpoint.settled();
        for (const position of ahead) if (position <= (checkpoint.stored ?? "")) ahead.delete(position);
        failures = 0;
      } catch (error) {
        owned = false;
        await checkpoint.abandon();
        if (stopped) break;
        if (error instanceof LeaseLost) continue;
        failures++;
        d.deps.log.error(
          { subscriptionId, err: error instanceof Error ? { message: error.message, stack: error.stack } : error },
          "subscription delivery failed; retrying",
        );
        await sleep(Math.min(30_000, 100 * 2 ** Math.min(failures, 8)));
      }
    }
    if (owned) await d.leases.release(name).catch(() => undefined);

    /**
     * Delivery stopped at `e`: its retry waits, or, its time up, the subscription is marked failing and this loop ends.
     */
    async function stopAt(e: RecordedEvent) {
      if (retries.schedule(e.position)) return;
      const error = retries.lastError(e.position) ?? "not delivered";
      await d.deps.runtime.execute(
        "subscription",
        subscriptionId,
        [{ type: "markFailing", at: new Date().toISOString(), eventPosition: e.position, error }],
        delivererInitiator,
        { existence: "exists" },
      );
      d.deps.log.warn(
        { subscriptionId, eventPosition: e.position, attempts: retries.attemptsAt(e.position), error },
        "subscription failing: an event was not delivered for the whole retry period",
      );
      stopped = true;
    }
  };

  const done = run()
    .catch((error: unknown) =>
      d.deps.log.error(
        { subscriptionId, err: error instanceof Error ? { message: error.message, stack: error.stack } : error },
        "subscription delivery stopped",
      ),
    )
    .finally(() => {
      finished = true;
    });
  return {
    /** An append happened: look now. */
    wake() {
      signalled = true;
      wokenAt = Date.now();
      if (interrupt?.byAppends) interrupt.done();
    },
    /** Its checkpoint was set from outside: take it up now. */
    moved() {
      moved = true;
      interrupt?.done();
    },
    stop(): Promise<void> {
      stopped = true;
      interrupt?.done();
      return done;
    },
    /** Whether it has ended by itself (the subscription paused, failing or deleted). */
    get finished() {
      return finished;
    },
  };
};
export type SubscriptionLoop = ReturnType<typeof startSubscriptionLoop>;
