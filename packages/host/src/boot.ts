import { join } from "node:path";
import { migrate, openDatabase } from "@platform/db";
import type { Database, MigrationSet } from "@platform/db";
import { loadKurrentEventStore, createPostgresEventStore, eventStoreMigrations } from "@platform/event-store";
import type { EventStore } from "@platform/event-store";
import { createActorRuntime, createFollowerRunner, runtimeMigrations } from "@platform/actor-runtime";
import type { Config } from "./config.ts";
import type { BoundedContext, PlatformDeps } from "./context.ts";
import type { Logger } from "./logger.ts";
import { createPortRegistry } from "./ports.ts";
import { checkPortDeclarations, checkPortsProvided } from "./port-declarations.ts";
import { createPlatformMetrics } from "./metrics.ts";
import { observeAppends, observeFollowers } from "./platform-metrics.ts";
import { openPersonalData } from "./personal-data/index.ts";
import { personalDataMigrations } from "./personal-data/migrations.ts";

export type BootOptions = {
  readonly config: Config;
  readonly contexts: readonly BoundedContext[];
  readonly log: Logger;
  /** An already open database (tests); otherwise opened from the config. */
  readonly db?: Database;
  /** False only for a benchmark's baseline: personal data is then stored and looked up as given. Default true. */
  readonly sealPersonalData?: boolean;
};

export type Platform = PlatformDeps & {
  readonly contexts: readonly BoundedContext[];
  /** Resolves once the read models reflect the bootstrap's writes (the worker must be running somewhere). */
  caughtUp(): Promise<void>;
  /** Calls the listener with each data subject erased, here or (by NOTIFY) in another process; answers how to stop. */
  onErased(listener: (subject: string) => void): () => void;
  close(): Promise<void>;
};

/** How many platforms' runtimes write through each database object now (see `soleWriter`). */
const runtimesOn = new WeakMap<Database, number>();

/**
 * Every migration a platform of these contexts runs, in order: the event store's, the runtime's, then each context's.
 */
export const platformMigrations = (contexts: readonly BoundedContext[]): MigrationSet[] => [
  { context: "event-store", migrations: eventStoreMigrations },
  { context: "runtime", migrations: runtimeMigrations },
  { context: "personal-data", migrations: personalDataMigrations },
  ...contexts.filter((c) => c.migrations?.length).map((c) => ({ context: c.name, migrations: c.migrations! })),
];

/**
 * Opens the database and event store, runs every migration, registers the contexts'
 * actors, projections and rules, and runs their setup and bootstrap. Starts nothing.
 */
export const bootPlatform = async (options: BootOptions): Promise<Platform> => {
  const { config, contexts, log } = options;
  checkPortDeclarations(contexts);
  const ownsDb = !options.db;
  const db =
    options.db ??
    (await openDatabase({
      url: config.databaseUrl,
      directUrl: config.databaseDirectUrl,
      readUrls: config.databaseReadUrls,
      readMaxLagMs: config.readMaxLagMs,
      readWaitMs: config.readWaitMs,
      dataDir: config.databaseUrl ? undefined : join(config.dataDir, "pglite"),
      pgliteSharedBuffers: config.pgliteSharedBuffers,
    }));
  await migrate(db, platformMigrations(contexts));
  const metrics = createPlatformMetrics(config.metrics.enabled);
  let personalData: Awaited<ReturnType<typeof openPersonalData>>;
  try {
    personalData = await openPersonalData({ config, db, contexts, log, seal: options.sealPersonalData ?? true });
  } catch (e) {
    if (ownsDb) await db.close();
    throw e;
  }
  const store: EventStore = observeAppends(
    metrics,
    personalData.protect(
      config.eventStoreUrl
        ? await loadKurrentEventStore({ url: config.eventStoreUrl })
        : createPostgresEventStore({ db }),
    ),
  );
  runtimesOn.set(db, (runtimesOn.get(db) ?? 0) + 1);
  const followers = createFollowerRunner({ db, store, log, leases: config.followerLease });
  // Bootstrap writes happen before any follower runs; they need not wait for read models.
  let booting = true;
  // Every bootstrap append's position: a journal rule's append (an app's job definitions)
  // finishes before the one that caused it, so the last one seen is not the furthest.
  const bootPositions = new Set<string>();
  const runtime = createActorRuntime({
    store,
    // PGlite is one process's (its data directory is locked): nothing but this runtime appends,
    // unless a second platform was booted on the same database object (tests do, to play a
    // second process).
    soleWriter: () => db.engine === "pglite" && !config.eventStoreUrl && runtimesOn.get(db) === 1,
    afterAppend: async (position, eventTypes) => {
      if (booting) {
        bootPositions.add(position);
        return;
      }
      if (!(await followers.waitFor(position, 5000, eventTypes)))
        log.warn({ position }, "read models did not catch up within 5 s");
    },
    onRuleError: (rule, err) => log.error({ rule, err }, "journal rule failed"),
  });
  const erasedListeners = new Set<(subject: string) => void>();
  personalData.onErased((subject) => {
    // A folded state held in memory still shows what an erasure took away.
    runtime.forget(subject);
    for (const listener of erasedListeners) listener(subject);
  });
  const deps: PlatformDeps = {
    config,
    db,
    store,
    runtime,
    followers,
    log,
    ports: createPortRegistry(),
    graphEdges: contexts.flatMap((c) => c.graphEdges ?? []),
    contracts: contexts.flatMap((c) => (c.contract ? [c.contract] : [])),
    metrics,
    personalData: personalData.service,
  };
  observeFollowers(metrics, followers);
  for (const c of contexts) {
    for (const actor of c.actors ?? []) runtime.register(actor);
    for (const p of c.projections ?? []) {
      followers.addProjection(p);
      if (p.inline && store.inlineWrites) runtime.addInlineProjection(p.inline);
    }
  }
  for (const c of contexts) await c.setup?.(deps);
  checkPortsProvided(contexts, deps.ports);
  for (const c of contexts) c.metrics?.(deps);
  for (const c of contexts) for (const rule of c.rules?.(deps) ?? []) runtime.addRule(rule);
  for (const c of contexts) await c.bootstrap?.(deps);
  booting = false;
  return {
    ...deps,
    contexts,
    caughtUp: async () => {
      for (const position of bootPositions)
        if (!(await followers.waitFor(position, 30_000)))
          log.warn({ position }, "read models have not caught up with the bootstrap writes");
    },
    onErased: (listener) => {
      erasedListeners.add(listener);
      return () => void erasedListeners.delete(listener);
    },
    close: async () => {
      for (const c of [...contexts].reverse()) await c.close?.(deps);
      await followers.stop();
      await store.close();
      await personalData.close();
      runtimesOn.set(db, (runtimesOn.get(db) ?? 1) - 1);
      if (ownsDb) await db.close();
    },
  };
};
