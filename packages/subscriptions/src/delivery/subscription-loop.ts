import type { FollowerLeases, checkpointStore } from "@platform/actor-runtime";
import type { RecordedEvent } from "@platform/event-store";
import type { PlatformDeps } from "@platform/platform";
import { checkpointName } from "../read-model/queries.ts";
import type { LiveSubscription, SubscriptionState } from "../subscription/state.ts";
import type { EventAccess } from "./event-access.ts";
import { retryDelayMs } from "./retry-schedule.ts";
import type { Sender } from "./send-event.ts";

export type LoopDeps = {
  readonly deps: PlatformDeps;
  readonly leases: FollowerLeases;
  readonly checkpoints: ReturnType<typeof checkpointStore>;
  readonly access: EventAccess;
  readonly send: Sender;
  readonly retryBaseMs: number;
  /** How long an event is retried before the subscription is marked failing (24 h). */
  readonly giveUpMs: number;
  /** Fallback poll when no append wakes the loop. */
  readonly pollMs: number;
  readonly pageSize: number;
};

/** Who marks a subscription failing, in its journal. */
const delivererInitiator = { clientId: "system:subscriptions-deliverer" };

/** After a wake-up, an empty read looks again this soon for a while: a commit's events can show after its notification. */
const RECHECK_MS = 25;
const RECHECK_FOR_MS = 5000;
/** How often a held lease is renewed while the loop waits (a retry can be an hour away). */
const RENEW_MS = 4000;

/** The event being retried: which, how many attempts so far, since when, and when next. */
type Retry = { readonly position: string; readonly attempts: number; readonly since: number; readonly nextAt: number };

/**
 * One subscription's delivery, as a follower of the log under its lease and checkpoint
 * (`subscription:<id>` in rt_checkpoints, the follower runner's): events of its types after
 * its position, in log order, each POSTed until a 2xx answer before the next is sent, the
 * checkpoint moved past each. At least once: a process that dies between an answer and the
 * checkpoint sends that event again. A position moved under it (a replay) is taken up at the
 * next lease renewal.
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
    // A new subscription (or one re-created) starts after its creation event; the route sets it, this covers a crash before.
    await d.deps.db.pool.query("UPDATE rt_checkpoints SET position = $2 WHERE name = $1 AND position IS NULL", [name, startAfter]);
    let owned = false;
    let renewedAt = 0;
    let persisted: string | null = null;
    let retry: Retry | undefined;
    let failures = 0;
    // The checkpoint follows the deliveries one write at a time: each write takes the latest
    // delivered position, so a delivery never waits for one, and a process that dies sends
    // again at most what it delivered during its last write.
    let moving: Promise<void> | undefined;
    let wanted: string | null = null;
    let lost = false;
    const moveTo = (position: string) => {
      wanted = position;
      moving ??= (async () => {
        while (wanted !== persisted && !lost) {
          const to = wanted!;
          if (await d.checkpoints.move(name, d.leases.owner, persisted, to)) persisted = to;
          else lost = true;
        }
      })().finally(() => {
        moving = undefined;
      });
    };
    const settled = async () => {
      await moving;
      if (lost) {
        lost = false;
        throw new LeaseLost();
      }
    };
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
          // Moved by someone else (a replay): start over from there.
          if (!owned || claim.position !== persisted) {
            persisted = claim.position;
            retry = undefined;
          }
          owned = true;
          renewedAt = Date.now();
        }
        if (retry && Date.now() < retry.nextAt) {
          await sleep(Math.min(retry.nextAt - Date.now(), RENEW_MS), false);
          continue;
        }
        const sub = await load();
        if (!sub) break;
        signalled = false;
        const page = await d.deps.store.readPage({ after: persisted, limit: d.pageSize, types: sub.eventTypes });
        if (page.end === null) {
          await sleep(Date.now() - wokenAt < RECHECK_FOR_MS ? RECHECK_MS : d.pollMs);
          continue;
        }
        const reader = await d.access.readerOf(sub.maker);
        let last = persisted;
        let blocked = false;
        for (const e of page.events) {
          if (stopped) break;
          if (reader && (await d.access.readable(reader, e))) {
            if (!(await deliverOne(sub, e))) {
              blocked = true;
              break;
            }
            if (lost) throw new LeaseLost();
            moveTo(e.position);
          }
          last = e.position;
        }
        // Events it may not read (or not of its types) are passed by: the checkpoint moves past them too.
        const end = blocked || stopped ? last : page.end;
        if (end !== null && end !== (wanted ?? persisted)) moveTo(end);
        await settled();
        failures = 0;
      } catch (error) {
        owned = false;
        await moving?.catch(() => undefined);
        lost = false;
        wanted = null;
        if (stopped) break;
        if (error instanceof LeaseLost) continue;
        failures++;
        d.deps.log.error({ subscriptionId, err: error instanceof Error ? { message: error.message, stack: error.stack } : error }, "subscription delivery failed; retrying");
        await sleep(Math.min(30_000, 100 * 2 ** Math.min(failures, 8)));
      }
    }
    if (owned) await d.leases.release(name).catch(() => undefined);

    /** One attempt at `e`; false when it was not delivered (the loop waits for its retry, or stops: failing). */
    async function deliverOne(sub: LiveSubscription, e: RecordedEvent): Promise<boolean> {
      const previous = retry?.position === e.position ? retry : undefined;
      const attempt = (previous?.attempts ?? 0) + 1;
      const { delivered, error } = await d.send({ subscriptionId, url: sub.url, secret: sub.secret }, e, attempt);
      if (delivered) {
        retry = undefined;
        return true;
      }
      const since = previous?.since ?? Date.now();
      if (Date.now() - since >= d.giveUpMs) {
        await d.deps.runtime.execute("subscription", subscriptionId, [{ type: "markFailing", at: new Date().toISOString(), eventPosition: e.position, error: error ?? "not delivered" }], delivererInitiator, { existence: "exists" });
        d.deps.log.warn({ subscriptionId, eventPosition: e.position, attempts: attempt, error }, "subscription failing: an event was not delivered for the whole retry period");
        stopped = true;
        return false;
      }
      retry = { position: e.position, attempts: attempt, since, nextAt: Date.now() + retryDelayMs(attempt, d.retryBaseMs) };
      return false;
    }
  };

  const done = run()
    .catch((error: unknown) => d.deps.log.error({ subscriptionId, err: error instanceof Error ? { message: error.message, stack: error.stack } : error }, "subscription delivery stopped"))
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

class LeaseLost extends Error {}
