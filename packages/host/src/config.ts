import { type AppsConfig, parseAppsConfig } from "./config/apps.ts";
import { ConfigError } from "./config/config-error.ts";
import { type DatabaseConfig, parseDatabaseConfig } from "./config/database.ts";
import type { Env } from "./config/env.ts";
import { type GraphConfig, parseGraphConfig } from "./config/graph.ts";
import { type IamConfig, parseIamConfig } from "./config/iam.ts";
import { type JobsConfig, parseJobsConfig } from "./config/jobs.ts";
import { type ObservabilityConfig, parseObservabilityConfig } from "./config/observability.ts";
import { type OutboundConfig, parseOutboundConfig } from "./config/outbound.ts";
import { type PersonalDataConfig, parsePersonalDataConfig } from "./config/personal-data.ts";
import { type SendingsConfig, parseSendingsConfig } from "./config/sendings.ts";
import { type ServerConfig, parseServerConfig } from "./config/server.ts";

export { ConfigError } from "./config/config-error.ts";
export { dataKeyBytes } from "./config/personal-data.ts";
export type {
  AppsConfig,
  DatabaseConfig,
  GraphConfig,
  IamConfig,
  JobsConfig,
  ObservabilityConfig,
  OutboundConfig,
  PersonalDataConfig,
  SendingsConfig,
  ServerConfig,
};

/**
 * The whole configuration: each concern's slice (config/*.ts) side by side, so code that needs one concern can take
 * its slice's type and nothing else.
 */
export type Config = ServerConfig &
  DatabaseConfig &
  PersonalDataConfig &
  ObservabilityConfig &
  IamConfig &
  SendingsConfig &
  JobsConfig &
  AppsConfig &
  OutboundConfig &
  GraphConfig;

/**
 * Reads and validates the environment (the variables README.md's Configuration lists); throws ConfigError listing
 * every bad variable of every slice, so one start names them all.
 */
export const loadConfig = (env: Env = process.env): Config => {
  const problems: string[] = [];
  const read = <T>(parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      problems.push(...e.problems);
      return undefined;
    }
  };
  const server = read(() => parseServerConfig(env));
  const database = read(() => parseDatabaseConfig(env));
  // A refused slice refuses the whole, so what its dependants get in its stead is never used but to find their
  // own problems: no database URL (no DATA_KEY required), no issuer (VAPID_SUBJECT's default).
  const personalData = read(() =>
    parsePersonalDataConfig(env, { databaseUrl: database?.databaseUrl, production: server?.production ?? false }),
  );
  const sendings = read(() => parseSendingsConfig(env, server?.issuer ?? ""));
  const observability = read(() => parseObservabilityConfig(env));
  const iam = read(() => parseIamConfig(env));
  const jobs = read(() => parseJobsConfig(env));
  const apps = read(() => parseAppsConfig(env));
  const outbound = read(() => parseOutboundConfig(env));
  const graph = read(() => parseGraphConfig(env));
  if (
    problems.length ||
    !server ||
    !database ||
    !personalData ||
    !sendings ||
    !observability ||
    !iam ||
    !jobs ||
    !apps ||
    !outbound ||
    !graph
  )
    throw new ConfigError(problems);
  return {
    ...server,
    ...database,
    ...personalData,
    ...observability,
    ...iam,
    ...sendings,
    ...jobs,
    ...apps,
    ...outbound,
    ...graph,
  };
};
