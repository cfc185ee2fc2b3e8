import type { Worker } from "node:worker_threads";
import type { Job } from "./pool-jobs.ts";
import type { ToWorker } from "./protocol.ts";

/**
 * A worker thread as the pool (pool.ts) sees it, which thread takes a job, and what a thread
 * is sent for it.
 *
 * `known`: the components whose source this thread has been sent; `running`: its jobs not
 * waiting for a ctx answer (the thread is busy with them).
 */
export type Slot = {
  worker: Worker;
  ready: boolean;
  capacity: number;
  jobs: Map<number, Job>;
  running: number;
  freeSince: number;
  known: Set<string>;
  /** Messages of this turn of the event loop, sent together at its end. */
  outbox: ToWorker[];
};

/** A thread forgets which sources it holds past this many (it asks again for one it lacks). */
const MAX_KNOWN = 4096;

/**
 * A thread for `job`: one with no run busy on it and room, the one with fewest runs first
 * (so that the cores share the work); statistics go to a thread with no runs at all. Among
 * equals with snapshots, the thread that answered last: it is still awake, looking for its
 * next job. Without, the thread idle longest: one that just answered is still freeing its
 * context and making the next, so a run sent to it would wait for that.
 */
export const pickSlot = (slots: Iterable<Slot>, job: Job, snapshots: boolean): Slot | undefined => {
  let best: Slot | undefined;
  for (const s of slots) {
    if (!s.ready || s.running > 0 || s.jobs.size >= s.capacity || (job.message.type === "stats" && s.jobs.size > 0))
      continue;
    const better =
      !best ||
      s.jobs.size < best.jobs.size ||
      (s.jobs.size === best.jobs.size && (snapshots ? s.freeSince > best.freeSince : s.freeSince < best.freeSince));
    if (better) best = s;
  }
  return best;
};

/** A run's message carries its source only to a thread that has not been sent it. */
export const outgoing = (slot: Slot, job: Job, resend = false): ToWorker => {
  const m = job.message;
  if (m.type === "stats") return { ...m, id: job.id };
  const known = !resend && slot.known.has(m.key);
  if (!known) {
    if (slot.known.size >= MAX_KNOWN) slot.known.clear();
    slot.known.add(m.key);
  }
  if (m.type === "compile" || !known) return { ...m, id: job.id };
  const { source: _known, ...run } = m;
  return { ...run, id: job.id };
};
