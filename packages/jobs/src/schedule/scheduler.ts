import { isDomainError } from "@platform/kernel";
import type { Clock } from "@platform/kernel";
import { pollingLoop } from "@platform/host";
import type { BackgroundTask, PlatformDeps } from "@platform/host";
import { jobDefinitionEventTypes } from "../definition/events.ts";
import type { DefinitionSpec } from "../definition/spec.ts";
import { findDefinitions } from "../read-model/queries.ts";
import { parseDefinition } from "../read-model/record.ts";
import type { Requester } from "../job/state.ts";
import type { JobService } from "../run/job-service.ts";
import { checkSchedule, latestOccurrence, nextOccurrences } from "./cron.ts";
import type { CompiledSchedule } from "./cron.ts";
import { inParallel } from "./in-parallel.ts";
import { advanceProgress, dropProgress, outstanding, readProgress } from "./schedule-progress.ts";

/** Who the scheduler is in the journal. */
const schedulerInitiator = { clientId: "system:jobs-scheduler" };
const DEFINITION_EVENTS = new Set<string>(jobDefinitionEventTypes);

export type SchedulerOptions = {
  /** How often it looks for due occurrences besides being woken by a definition change (default 1000 ms). */
  readonly intervalMs?: number | undefined;
};

/** What one pass did with an occurrence (for logs and tests). */
export type OccurrenceOutcome = {
  readonly definitionId: string;
  readonly occurrence: string;
  readonly outcome: "created" | "made-elsewhere" | "forbidden" | "past-deadline";
};

const compile = (spec: DefinitionSpec, now: Date): CompiledSchedule[] =>
  spec.schedules
    .map((s, i) => checkSchedule(s, `schedules.${i}`, now).compiled)
    .filter((c): c is CompiledSchedule => !!c);

/** How many occurrences' jobs one pass makes at once (their appends go to the store together, in full groups). */
const IN_PARALLEL = 1024;

/**
 * The scheduler (a task of the worker role): each pass, for every definition with schedules,
 * finds the most recent occurrence since the last pass and makes its job (`trigger:
 * "schedule"`), unless `scheduleConcurrency: forbid` and a previous job of the definition is
 * still pending or running, or it is older than `scheduleStartingDeadlineSeconds`. Older missed
 * occurrences are dropped, never backfilled; a suspended schedule passes its occurrences by. A
 * definition first seen is scheduled from then on. Each pass reads the definitions' versions and
 * re-reads the changed ones, so an edit takes effect at its next occurrence in every process;
 * its progress (jobs_schedules) moves only for definitions first seen, suspended or due. Any
 * number of schedulers may run: an occurrence's job is made once (the job actor's natural key).
 */
export const createScheduler = (deps: PlatformDeps, clock: Clock, jobs: JobService, options: SchedulerOptions = {}) => {
  const { db, log } = deps;
  const intervalMs = options.intervalMs ?? 1000;
  let unsubscribe: (() => void) | undefined;

  /** `requester`: the overrider whose schedule this is (its rights bound the run), else none. */
  const fire = async (
    definitionId: string,
    occurrence: Date,
    requester: Requester,
  ): Promise<OccurrenceOutcome["outcome"]> => {
    const at = occurrence.toISOString();
    try {
      // Parameters `{}`: a component that needs more fails its runs, visibly, with VALIDATION_FAILED naming them.
      // Not waiting for the read models job by job: the pass waits once for all of them.
      await jobs.create(
        { definitionId, parameters: {}, runAt: at, trigger: "schedule", requester, occurrence: at },
        { ...schedulerInitiator, correlationId: `${definitionId}@${at}` },
        undefined,
        {
          readYourWrites: false,
        },
      );
      return "created";
    } catch (e) {
      if (isDomainError(e) && e.code === "CONFLICT") return "made-elsewhere";
      throw e;
    }
  };

  /**
   * Per definition, as of its version: its spec, compiled schedules, and its next occurrence
   * `next`, computed from its progress `from` (no occurrence lies between them). A pass looks
   * only at definitions whose `next` may be due (or is unknown), and at suspended ones (whose
   * progress moves with time), so ten thousand definitions cost a comparison each and a
   * handful of rows read and written, not ten thousand.
   */
  type Known = {
    version: number;
    spec: DefinitionSpec;
    requester: Requester;
    schedules: CompiledSchedule[];
    next?: Date | undefined;
    from?: Date | undefined;
  };
  const known = new Map<string, Known>();
  /**
   * The first pass reads and writes every definition's progress (and drops stale progress); later ones only what they
   * look at.
   */
  let firstPass = true;

  /**
   * Brings `known` to the definitions in effect (only new and changed ones are read whole); the ids whose schedules
   * went.
   */
  const refresh = async (now: Date): Promise<string[]> => {
    const { rows: versions } = await db.pool.query<{ definition_id: string; version: number }>(
      "SELECT definition_id, version FROM jobs_definitions",
    );
    const current = new Set<string>();
    const changed: string[] = [];
    const gone: string[] = [];
    for (const v of versions) {
      current.add(v.definition_id);
      if (known.get(v.definition_id)?.version !== v.version) changed.push(v.definition_id);
    }
    for (const [id, k] of known)
      if (!current.has(id)) {
        if (k.schedules.length > 0) gone.push(id);
        known.delete(id);
      }
    if (changed.length === 0) return gone;
    for (const row of await findDefinitions(db.kysely, changed)) {
      const { spec, overrider } = parseDefinition(row);
      const schedules = compile(spec, now);
      if (schedules.length === 0 && (known.get(row.definition_id)?.schedules.length ?? 0) > 0)
        gone.push(row.definition_id);
      known.set(row.definition_id, {
        version: row.version,
        spec,
        requester: overrider ?? { attributes: {} },
        schedules,
      });
    }
    return gone;
  };

  /** One pass at the clock's now; what it did with each due occurrence. */
  const pass = async (): Promise<OccurrenceOutcome[]> => {
    const now = clock.now();
    const full = firstPass;
    // Progress first (on a full pass): a definition missing from the definitions read after it is gone (or
    // unscheduled).
    const all = full ? await readProgress(db) : [];
    const gone = await refresh(now);
    const look = [...known].filter(
      ([, k]) => k.schedules.length > 0 && (full || k.next === undefined || k.next <= now || k.spec.scheduleSuspended),
    );
    const progress =
      full || look.length === 0
        ? all
        : await readProgress(
            db,
            look.map(([id]) => id),
          );
    const scanned = new Map(progress.map((p) => [p.definition_id, new Date(p.scanned_to)]));
    const seen = new Set<string>();
    // Whose progress moves to now: all on a full pass, then those first seen, suspended or due.
    const advance = new Set<string>(full ? look.map(([id]) => id) : []);
    const due: { definitionId: string; spec: DefinitionSpec; requester: Requester; occurrence: Date }[] = [];
    for (const [id, k] of look) {
      seen.add(id);
      const since = scanned.get(id);
      if (!since || k.spec.scheduleSuspended || since >= now) {
        // First seen (scheduled from now on, its next occurrence known at once), suspended (its
        // occurrences pass by), or another scheduler ahead: looked at again next pass.
        if (!since || k.spec.scheduleSuspended) advance.add(id);
        const fresh = !since && !k.spec.scheduleSuspended;
        k.from = fresh ? now : undefined;
        k.next = fresh ? nextOccurrences(k.schedules, now, 1)[0] : undefined;
        continue;
      }
      if (!k.from || since < k.from || (k.next !== undefined && k.next <= since)) {
        k.next = nextOccurrences(k.schedules, since, 1)[0];
        k.from = since;
      }
      if (!k.next || k.next > now) continue;
      const occurrence = latestOccurrence(k.schedules, now);
      k.next = k.from = undefined;
      advance.add(id);
      if (occurrence && occurrence > since)
        due.push({ definitionId: id, spec: k.spec, requester: k.requester, occurrence });
    }
    const late = (d: (typeof due)[number]) =>
      d.spec.scheduleStartingDeadlineSeconds !== null &&
      now.getTime() - d.occurrence.getTime() > d.spec.scheduleStartingDeadlineSeconds * 1000;
    const busy = await outstanding(
      db,
      due.filter((d) => !late(d) && d.spec.scheduleConcurrency === "forbid"),
    );
    // A job written inline is in jobs_queue once its append commits: the workers are woken as the
    // pass goes (the wake-ups coalesce), so the first jobs start while the last are being made.
    const inline = deps.store.inlineWrites;
    // Every due occurrence's job at once (a bounded number in flight): ten thousand definitions due in the same minute
    // are made in that minute's first seconds.
    const outcomes = await inParallel(due, IN_PARALLEL, async (d): Promise<OccurrenceOutcome> => {
      const outcome = late(d)
        ? "past-deadline"
        : busy.has(d.definitionId)
          ? "forbidden"
          : await fire(d.definitionId, d.occurrence, d.requester);
      if (outcome !== "created" && outcome !== "made-elsewhere")
        log.info({ definitionId: d.definitionId, occurrence: d.occurrence, outcome }, "schedule occurrence skipped");
      else if (inline) jobs.wakeWorkers();
      return { definitionId: d.definitionId, occurrence: d.occurrence.toISOString(), outcome };
    });
    // Otherwise the pass's jobs in the read models (the workers claim from jobs_queue), then the workers woken once.
    if (!inline && outcomes.some((o) => o.outcome === "created")) {
      const head = await deps.store.headPosition();
      if (head) await deps.followers.waitFor(head);
      jobs.wakeWorkers();
    }
    // Scanned through now, for what it looked at (never backwards).
    if (advance.size > 0) await advanceProgress(db, [...advance], now);
    // A deleted or unscheduled definition's progress goes.
    const stale = full ? [...scanned.keys()].filter((id) => !seen.has(id)) : gone;
    if (stale.length > 0) await dropProgress(db, stale);
    firstPass = false;
    return outcomes;
  };

  /**
   * A pass at the next occurrence of any definition, to the millisecond, when it comes before
   * the next interval's: a minute's jobs are made as it begins, not up to an interval later.
   */
  let soon: NodeJS.Timeout | undefined;
  const armNext = () => {
    clearTimeout(soon);
    soon = undefined;
    if (!loop.isRunning()) return;
    let first = Infinity;
    for (const k of known.values())
      if (k.next && !k.spec.scheduleSuspended && k.next.getTime() < first) first = k.next.getTime();
    const wait = first - clock.now().getTime();
    if (wait >= intervalMs) return;
    // A millisecond past it: a timer may fire a little before the clock shows the occurrence due.
    soon = setTimeout(loop.wake, Math.max(0, wait) + 1);
    soon.unref();
  };

  // Passes never overlap; a wake-up during one runs another after it.
  const loop = pollingLoop({
    intervalMs,
    pass: () => pass().finally(armNext),
    onError: (e) =>
      log.error({ err: e instanceof Error ? { message: e.message, stack: e.stack } : e }, "scheduler pass failed"),
  });

  const task: BackgroundTask & { pass(): Promise<OccurrenceOutcome[]> } = {
    name: "jobs:scheduler",
    start() {
      if (loop.isRunning()) return;
      // A definition written here or in another process is scheduled at once, not at the next interval.
      unsubscribe = deps.store.subscribe((types) => {
        if (!types || types.some((t) => DEFINITION_EVENTS.has(t))) loop.wake();
      });
      loop.start();
    },
    async stop() {
      clearTimeout(soon);
      unsubscribe?.();
      await loop.stop();
      clearTimeout(soon);
    },
    pass,
  };
  return task;
};

export type Scheduler = ReturnType<typeof createScheduler>;
