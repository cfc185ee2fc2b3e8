import type { Hono } from "hono";
import type { Database, Migration } from "@platform/db";
import type { EventStore } from "@platform/event-store";
import type {
  ActorRuntime,
  AnyActorDefinition,
  FollowerRunner,
  JournalRule,
  Projection,
  Reactor,
  Rule,
} from "@platform/actor-runtime";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import type { AnyPort, PortRegistry } from "./ports.ts";
import type { GraphEdge } from "./graph-edge.ts";
import type { ContextContract } from "./contract.ts";
import type { PlatformMetrics } from "./metrics.ts";
import type { PersonalData } from "./personal-data/index.ts";

/** Everything a context may use; built once per process by bootPlatform. */
export type PlatformDeps = {
  readonly config: Config;
  readonly db: Database;
  readonly store: EventStore;
  readonly runtime: ActorRuntime;
  readonly followers: FollowerRunner;
  readonly log: Logger;
  readonly ports: PortRegistry;
  /** Every context's graph edges (the graph context serves them). */
  readonly graphEdges: readonly GraphEdge[];
  /** Every context's published contract (@platform/openapi serves them as /openapi.json). */
  readonly contracts: readonly ContextContract[];
  /** The platform's Prometheus families (served at /metrics). */
  readonly metrics: PlatformMetrics;
  /** Erasure of data subjects' personal data (docs/PRIVACY.md); the store already seals and opens it. */
  readonly personalData: PersonalData;
};

/** Long-running work of a worker process (a dispatcher, a scheduler). */
export type BackgroundTask = { readonly name: string; start(): void; stop(): Promise<void> };

/**
 * A bounded context's whole contribution to the service. Its package's index.ts exports
 * one of these; nothing else of it is reachable from other contexts.
 */
export type BoundedContext = {
  readonly name: string;
  /**
   * The ports of other contexts this one reads with `deps.ports.get` (boot fails when no context of the list
   * provides one). A port it provides itself is not listed. Checked against the code by
   * services/gateway/src/wiring.test.ts.
   */
  readonly requires?: readonly AnyPort[];
  /** The ports of other contexts it reads with `deps.ports.find`: it works without them (a smaller platform). */
  readonly uses?: readonly AnyPort[];
  /** The ports its setup provides (boot fails when another context declares one too, or setup did not). */
  readonly provides?: readonly AnyPort[];
  readonly migrations?: readonly Migration[];
  readonly actors?: readonly AnyActorDefinition[];
  /** The context's records as graph edges (packages/graph): table, fields, types, access attributes. */
  readonly graphEdges?: readonly GraphEdge[];
  /** The context's routes, events and actor messages as it publishes them (/openapi.json, schemas/). */
  readonly contract?: ContextContract;
  readonly projections?: readonly Projection[];
  /**
   * Natural-key scopes (`<actor type>:<key name>`) whose values are personal (an email): the
   * store keeps and looks them up only as keyed hashes. Personal event fields are marked in the
   * contract's event schemas with `personal()`.
   */
  readonly personalKeys?: readonly string[];
  /**
   * Declares the context's Prometheus families in `deps.metrics` (its code looks them up by the
   * same configuration), gauges with the `collect` that reads them at scrape time. Labels are
   * bounded sets (a status, a queue, a route template), never an id.
   */
  readonly metrics?: (deps: PlatformDeps) => void;
  readonly rules?: (deps: PlatformDeps) => readonly (Rule | JournalRule)[];
  /** Provides the context's services to others; runs before any routes or tasks are built. */
  readonly setup?: (deps: PlatformDeps) => void | Promise<void>;
  /** Runs once at start after setup (idempotent bootstrap). */
  readonly bootstrap?: (deps: PlatformDeps) => Promise<void>;
  /** Routes, mounted at the root of the gateway. */
  readonly routes?: (deps: PlatformDeps) => Hono;
  readonly reactors?: (deps: PlatformDeps) => readonly Reactor[];
  readonly tasks?: (deps: PlatformDeps) => readonly BackgroundTask[];
  /** Releases what setup made (threads, timers) when the platform closes; contexts close in reverse order. */
  readonly close?: (deps: PlatformDeps) => Promise<void>;
  /** Health details for /readyz; `ok: false` makes the service not ready. */
  readonly health?: (deps: PlatformDeps) => Promise<{ readonly ok: boolean; readonly [k: string]: unknown }>;
};

export const defineContext = (context: BoundedContext): BoundedContext => context;
