export { loadConfig, ConfigError } from "./config.ts";
// The app kit runs components with the limits the service would read from the same settings.
export { parseAppsConfig } from "./config/apps.ts";
export type {
  Config,
  ServerConfig,
  DatabaseConfig,
  PersonalDataConfig,
  ObservabilityConfig,
  IamConfig,
  SendingsConfig,
  JobsConfig,
  AppsConfig,
  OutboundConfig,
  GraphConfig,
} from "./config.ts";
export { createLogger } from "./logger.ts";
export type { Logger } from "./logger.ts";
export { definePort, createPortRegistry } from "./ports.ts";
export type { Port, AnyPort, PortRegistry } from "./ports.ts";
export { defineContext } from "./context.ts";
export type { BoundedContext, PlatformDeps, BackgroundTask } from "./context.ts";
export { bootPlatform, platformMigrations } from "./boot.ts";
export type { Platform, BootOptions } from "./boot.ts";
export { startWorker } from "./worker.ts";
export { pollingLoop } from "./polling-loop.ts";
export type { PollingLoop, PollingLoopOptions } from "./polling-loop.ts";
export type { Worker } from "./worker.ts";
export type { GraphEdge, GraphField, GraphFieldType, GraphAccess } from "./graph-edge.ts";
export type { ContextContract, Operation, HttpMethod } from "./contract.ts";
export { createPlatformMetrics, DURATION_BUCKETS } from "./metrics.ts";
export type { PlatformMetrics } from "./metrics.ts";
export { personal, personalPaths, erasable } from "./personal-data/personal-fields.ts";
export type { PersonalData } from "./personal-data/index.ts";
