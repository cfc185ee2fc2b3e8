import { Worker } from "node:worker_threads";
import type { Answer, Finished, Job, JobHandlers, JobMessage } from "./pool-jobs.ts";
import { outgoing, pickSlot, type Slot } from "./pool-slots.ts";
import type { FromWorker, ToWorker, WorkerOptions } from "./protocol.ts";
import { quickjsModule, type Wasm } from "./quickjs-wasm.ts";

export type { Answer } from "./pool-jobs.ts";

type PoolOptions = Omit<WorkerOptions, "wasmModule" | "mutableGlobals"> & {
  maxWorkers: number;
  graceMs: number;
  /** Told once when a thread cannot use snapshots (and so makes a fresh context per run). */
  onWarning?: (message: string) => void;
};

/**
 * The worker threads that run components. A thread takes a new run only while every run it
 * has is waiting for a ctx answer here (it parks them: worker-turns.mjs), up to the capacity
 * it announced (one without snapshots), so runs that wait on the database do not hold
 * threads. A job's worker is watched from here: one that has not answered `graceMs` after the
 * run's deadline (stuck in a long C built-in the interrupt handler cannot stop, like sorting
 * millions of numbers) is terminated, so no component holds a thread past its deadline by
 * more than the grace; the other runs on it fail with it. A worker whose engine failed is
 * replaced, never reused. Idle workers do not keep the process alive.
 */
export class WorkerPool {
  readonly #options: PoolOptions;
  readonly #slots = new Set<Slot>();
  readonly #queue: Job[] = [];
  #nextId = 1;
  #disposed = false;
  /** Threads being started whose slot does not exist yet. */
  #starting = 0;
  /** Workers replaced after a run that ended badly (for stats). */
  recycled = 0;
  #warned = false;

  constructor(options: PoolOptions) {
    this.#options = options;
  }

  /** Runs one job on a free worker; resolves with the worker's final message for it. */
  submit(message: JobMessage, handlers: JobHandlers = {}): Promise<Finished> {
    if (this.#disposed) return Promise.reject(new Error("the sandbox has been disposed"));
    return new Promise((finish) => {
      this.#queue.push({ id: this.#nextId++, message, handlers, finish, calls: 0 });
      this.#dispatch();
    });
  }

  get size() {
    return this.#slots.size;
  }

  dispose(): void {
    this.#disposed = true;
    for (const slot of [...this.#slots]) this.#remove(slot, "the sandbox was disposed while the component ran");
    for (const job of this.#queue.splice(0)) this.#fail(job, "the sandbox was disposed before the component ran");
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const slot = pickSlot(this.#slots, this.#queue[0]!, this.#options.snapshots);
      if (!slot) break;
      this.#start(slot, this.#queue.shift()!);
    }
    // Start as many threads as the waiting jobs need, up to the maximum; once in use, keep
    // at least two, so that back-to-back runs alternate while the other thread frees its
    // context and makes the next one.
    const starting = this.#starting + [...this.#slots].filter((s) => !s.ready).length;
    const wanted = Math.max(
      this.#queue.length - starting,
      Math.min(2, this.#options.maxWorkers) - this.#slots.size - this.#starting,
    );
    for (let n = wanted; n > 0 && this.#slots.size + this.#starting < this.#options.maxWorkers; n--) void this.#spawn();
  }

  #start(slot: Slot, job: Job): void {
    slot.jobs.set(job.id, job);
    slot.running++;
    slot.worker.ref();
    if (job.message.type !== "stats") {
      job.watchdog = setTimeout(() => {
        // Stuck past its deadline in code the interrupt handler cannot reach: end the thread.
        slot.jobs.delete(job.id);
        this.#remove(slot, "the sandbox's engine failed while running the component");
        this.#finish(job, {
          type: "done",
          id: job.id,
          recycle: true,
          outcome: { ok: false, error: timeoutError(this.#options.timeoutMs) },
        });
      }, this.#options.timeoutMs + this.#options.graceMs);
    }
    this.#send(slot, outgoing(slot, job));
  }

  async #spawn(): Promise<void> {
    const { maxWorkers: _m, graceMs: _g, ...rest } = this.#options;
    this.#starting++;
    let compiled: Wasm;
    try {
      compiled = await quickjsModule();
    } finally {
      this.#starting--;
    }
    const { onWarning: _w, ...workerOptions } = rest;
    const workerData: WorkerOptions = {
      ...workerOptions,
      wasmModule: compiled.module,
      mutableGlobals: compiled.mutableGlobals,
    };
    if (this.#disposed) return;
    const worker = new Worker(new URL("./worker.mjs", import.meta.url), {
      workerData,
      // The component's heap is the WebAssembly memory; the thread's own JS heap holds little.
      resourceLimits: { maxOldGenerationSizeMb: 64 + Math.ceil((rest.maxResultBytes * 4) / 2 ** 20), stackSizeMb: 4 },
    });
    const slot: Slot = {
      worker,
      ready: false,
      capacity: 1,
      jobs: new Map(),
      running: 0,
      freeSince: 0,
      known: new Set(),
      outbox: [],
    };
    this.#slots.add(slot);
    worker.unref();
    worker.on("message", (m: FromWorker) => this.#onMessage(slot, m));
    worker.on("error", () => this.#lost(slot));
    worker.on("exit", () => this.#lost(slot));
  }

  #onMessage(slot: Slot, m: FromWorker): void {
    switch (m.type) {
      case "batch":
        for (const one of m.messages) this.#onMessage(slot, one);
        return;
      case "ready":
        slot.ready = true;
        slot.capacity = Math.max(1, Math.min(m.capacity, this.#options.runsPerThread));
        this.#dispatch();
        return;
      case "broken":
        if (slot.jobs.size === 0) this.#remove(slot, "");
        this.#dispatch();
        return;
      case "warning":
        if (!this.#warned) this.#options.onWarning?.(m.message);
        this.#warned = true;
        return;
    }
    const job = slot.jobs.get(m.id);
    if (!job) return;
    switch (m.type) {
      case "missing":
        this.#send(slot, outgoing(slot, job, true));
        return;
      case "log":
        job.handlers.onLog?.(m.level, m.line);
        return;
      case "call":
        if (job.calls++ === 0) slot.running--;
        void this.#answer(slot, job, m);
        if (slot.running === 0) this.#dispatch();
        return;
      default:
        slot.jobs.delete(job.id);
        if (job.calls === 0) slot.running--;
        if (m.type !== "stats" && m.recycle)
          this.#remove(slot, "the sandbox's engine failed while running the component");
        else if (slot.jobs.size === 0) {
          slot.freeSince = performance.now();
          slot.worker.unref();
        }
        this.#finish(job, m);
        this.#dispatch();
    }
  }

  async #answer(slot: Slot, job: Job, m: Extract<FromWorker, { type: "call" }>): Promise<void> {
    const answer: Answer = job.handlers.onCall
      ? await job.handlers.onCall(m.name, m.args)
      : { ok: false, error: { message: `ctx.${m.name} is not available` } };
    if (slot.jobs.get(job.id) !== job || !this.#slots.has(slot)) return; // the run is over; a late answer goes nowhere
    if (--job.calls === 0) slot.running++;
    this.#send(slot, { type: "answer", id: job.id, callId: m.callId, ...answer } as ToWorker);
  }

  /**
   * Sends a thread what this turn of the event loop has for it as one message: a message
   * wakes the thread, which costs the host more than copying it (the answers of one group
   * commit go together).
   */
  #send(slot: Slot, message: ToWorker): void {
    if (slot.outbox.push(message) > 1) return;
    setImmediate(() => {
      const out = slot.outbox;
      slot.outbox = [];
      if (this.#slots.has(slot))
        slot.worker.postMessage(out.length === 1 ? out[0] : ({ type: "batch", messages: out } satisfies ToWorker));
    });
  }

  #lost(slot: Slot): void {
    if (!this.#slots.has(slot)) return;
    const jobs = [...slot.jobs.values()];
    this.#slots.delete(slot);
    slot.jobs.clear();
    for (const job of jobs) this.#fail(job, "the sandbox's engine failed while running the component");
    if (jobs.length === 0 && !slot.ready) {
      // It never started: fail what waits rather than spawn in a loop.
      for (const queued of this.#queue.splice(0)) this.#fail(queued, "the sandbox could not start a worker");
    }
    this.#dispatch();
  }

  /** Ends a thread; the runs still on it fail with `message`. */
  #remove(slot: Slot, message: string): void {
    this.#slots.delete(slot);
    const jobs = [...slot.jobs.values()];
    slot.jobs.clear();
    this.recycled++;
    void slot.worker.terminate();
    for (const job of jobs) this.#fail(job, message);
  }

  #fail(job: Job, message: string): void {
    this.#finish(job, {
      type: "done",
      id: job.id,
      recycle: true,
      outcome: { ok: false, error: { code: "COMPONENT_FAILED", message } },
    });
  }

  #finish(job: Job, m: Finished): void {
    if (job.watchdog) clearTimeout(job.watchdog);
    job.finish(m);
  }
}

const timeoutError = (timeoutMs: number) => ({
  code: "COMPONENT_TIMEOUT" as const,
  message: `the component ran longer than ${timeoutMs} ms`,
});
