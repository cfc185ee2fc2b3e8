import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { parseAppsConfig } from "./apps.ts";
import { ConfigError } from "./config-error.ts";
import { parseDatabaseConfig } from "./database.ts";
import { parseGraphConfig } from "./graph.ts";
import { parseIamConfig } from "./iam.ts";
import { parseJobsConfig } from "./jobs.ts";
import { parseObservabilityConfig } from "./observability.ts";
import { parseOutboundConfig } from "./outbound.ts";
import { parsePersonalDataConfig } from "./personal-data.ts";
import { parseSendingsConfig } from "./sendings.ts";
import { parseServerConfig } from "./server.ts";

const slices = {
  server: (env: Record<string, string>) => parseServerConfig(env),
  database: (env: Record<string, string>) => parseDatabaseConfig(env),
  personalData: (env: Record<string, string>) =>
    parsePersonalDataConfig(env, { databaseUrl: undefined, production: false }),
  observability: (env: Record<string, string>) => parseObservabilityConfig(env),
  iam: (env: Record<string, string>) => parseIamConfig(env),
  sendings: (env: Record<string, string>) => parseSendingsConfig(env, "http://localhost:8080"),
  jobs: (env: Record<string, string>) => parseJobsConfig(env),
  apps: (env: Record<string, string>) => parseAppsConfig(env),
  outbound: (env: Record<string, string>) => parseOutboundConfig(env),
  graph: (env: Record<string, string>) => parseGraphConfig(env),
};

describe("configuration slices", () => {
  it("are disjoint and make up the whole configuration (one slice cannot overwrite another's field)", () => {
    const keys = Object.values(slices).flatMap((parse) => Object.keys(parse({})));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(Object.keys(loadConfig({})).sort());
  });

  it("read only their own variables: another slice's bad variable is not theirs to refuse", () => {
    expect(parseJobsConfig({ PORT: "eighty", JOBS_LEASE_S: "5" }).jobs.leaseS).toBe(5);
    expect(() => parseServerConfig({ PORT: "eighty", JOBS_LEASE_S: "5" })).toThrow(/PORT: must be a whole number/);
  });

  it("are all checked before the start is refused, so one start names every problem", () => {
    try {
      loadConfig({ PORT: "eighty", VAPID_PUBLIC_KEY: "B".repeat(87), BOOTSTRAP_CLIENT_ID: "cli" });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const problems = (e as ConfigError).problems;
      expect(problems.some((p) => p.startsWith("PORT:"))).toBe(true);
      expect(problems).toContain("BOOTSTRAP_CLIENT_ID and BOOTSTRAP_CLIENT_SECRET go together");
      expect(problems.some((p) => p.startsWith("VAPID_PUBLIC_KEY"))).toBe(true);
    }
  });

  it("let personal data require DATA_KEY from the database and server slices' reading", () => {
    const postgres = { DATABASE_URL: "postgres://x@h/db", NODE_ENV: "production" };
    expect(() => loadConfig(postgres)).toThrow(/DATA_KEY: required on PostgreSQL in production/);
    expect(() => loadConfig({ ...postgres, DATABASE_URL: "mysql://x" })).not.toThrow(/DATA_KEY/);
    expect(loadConfig({ ...postgres, NODE_ENV: "development" }).production).toBe(false);
  });

  it("take DATABASE_DIRECT_URL, the database without the pooler, only beside DATABASE_URL", () => {
    const pooled = { DATABASE_URL: "postgres://x@pooler:6432/db", DATABASE_DIRECT_URL: "postgres://x@db:5432/db" };
    expect(loadConfig(pooled)).toMatchObject({
      databaseUrl: "postgres://x@pooler:6432/db",
      databaseDirectUrl: "postgres://x@db:5432/db",
    });
    expect(loadConfig({}).databaseDirectUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_DIRECT_URL: "postgres://x@db:5432/db" })).toThrow(
      /DATABASE_DIRECT_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...pooled, DATABASE_DIRECT_URL: "http://db" })).toThrow(/DATABASE_DIRECT_URL/);
  });

  it("take DATABASE_READ_URLS, hot standbys of DATABASE_URL, with their limits", () => {
    const primary = { DATABASE_URL: "postgres://x@db:5432/app" };
    expect(loadConfig(primary)).toMatchObject({ databaseReadUrls: [], readMaxLagMs: 1000, readWaitMs: 500 });
    expect(
      loadConfig({
        ...primary,
        DATABASE_READ_URLS: " postgres://x@r1:5432/app, postgresql://x@r2/app ",
        DATABASE_READ_MAX_LAG_MS: "250",
        DATABASE_READ_WAIT_MS: "0",
      }),
    ).toMatchObject({
      databaseReadUrls: ["postgres://x@r1:5432/app", "postgresql://x@r2/app"],
      readMaxLagMs: 250,
      readWaitMs: 0,
    });
    expect(() => loadConfig({ ...primary, DATABASE_READ_URLS: "postgres://x@r1/app,http://r2" })).toThrow(
      /DATABASE_READ_URLS: must be postgres:\/\/ URLs/,
    );
    expect(() => loadConfig({ DATABASE_READ_URLS: "postgres://x@r1/app" })).toThrow(
      /DATABASE_READ_URLS: needs DATABASE_URL/,
    );
  });
});
