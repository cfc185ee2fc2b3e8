import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("applies the contract's defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      publicUrl: "http://localhost:8080",
      dataDir: "./data",
      roles: { gateway: true, worker: true },
      mailFrom: "no-reply@localhost",
      sendings: { intervalMs: 10000, ratePerMinute: 60, retryBaseMs: 60000 },
      subscriptionsRetryBaseMs: 5000,
      tokens: { accessTtlS: 3600, refreshTtlS: 2592000, refreshMaxS: 7776000 },
      trustProxy: 0,
      retentionJobsDays: 14,
      appsDir: "./apps",
      logLevel: "info",
      bodyLimitBytes: 1048576,
      components: { timeoutMs: 2000, memoryMb: 64, workers: undefined, snapshots: true, snapshotMb: 32 },
    });
    expect(
      loadConfig({
        COMPONENT_TIMEOUT_MS: "500",
        COMPONENT_MEMORY_MB: "32",
        COMPONENT_WORKERS: "4",
        COMPONENT_SNAPSHOTS: "false",
        COMPONENT_SNAPSHOT_MB: "8",
      }).components,
    ).toEqual({
      timeoutMs: 500,
      memoryMb: 32,
      workers: 4,
      snapshots: false,
      snapshotMb: 8,
    });
    expect(() => loadConfig({ COMPONENT_SNAPSHOT_MB: "0" })).toThrow(/COMPONENT_SNAPSHOT_MB/);
    expect(() => loadConfig({ COMPONENT_MEMORY_MB: "8" })).toThrow(/COMPONENT_MEMORY_MB/);
  });

  it(
    "reads every true/false setting as true, false, 1 or 0 in any case, and refuses anything " +
      "else naming the variable",
    () => {
      const settings = {
        COMPONENT_SNAPSHOTS: "components.snapshots",
        SECURE_COOKIES: "secureCookies",
        METRICS_ENABLED: "metrics.enabled",
        OUTBOUND_ALLOW_PRIVATE: "outboundAllowPrivate",
      };
      const read = (c: object, path: string) =>
        path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], c);
      for (const [name, path] of Object.entries(settings)) {
        for (const yes of ["true", "TRUE", "True", "1", " true "])
          expect(read(loadConfig({ [name]: yes }), path), `${name}=${yes}`).toBe(true);
        for (const no of ["false", "FALSE", "False", "0"])
          expect(read(loadConfig({ [name]: no }), path), `${name}=${no}`).toBe(false);
        for (const bad of ["yes", "no", "on", "off", "2", "t", "truee", "enabled"])
          expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).toThrow(
            new RegExp(`${name}: must be true, false, 1 or 0`),
          );
      }
    },
  );

  it("reads the embedded engine's buffer pool: 16MB unless PGLITE_SHARED_BUFFERS sizes it in kB, MB or GB", () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe("16MB");
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: "512kB" }).pgliteSharedBuffers).toBe("512kB");
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: "1GB" }).pgliteSharedBuffers).toBe("1GB");
    for (const bad of ["16", "16mb", "0MB", "16 MB", "-1MB", "16MB; DROP"])
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad })).toThrow(
        /PGLITE_SHARED_BUFFERS: must be a size such as 16MB/,
      );
  });

  it(
    "reads the embedded engine's vacuum interval: an hour unless PGLITE_VACUUM_INTERVAL_MS sets " +
      "whole milliseconds, 1 s to 7 days",
    () => {
      expect(loadConfig({}).pgliteVacuumIntervalMs).toBe(3_600_000);
      expect(loadConfig({ PGLITE_VACUUM_INTERVAL_MS: "600000" }).pgliteVacuumIntervalMs).toBe(600_000);
      for (const bad of ["999", "604800001", "1h", "1.5", "-1"])
        expect(() => loadConfig({ PGLITE_VACUUM_INTERVAL_MS: bad }), bad).toThrow(/PGLITE_VACUUM_INTERVAL_MS/);
    },
  );

  it(
    "reads SMS and Web Push: off until configured, the VAPID keys together, the subject from " +
      "PUBLIC_URL or MAIL_FROM",
    () => {
      const pub = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
      const priv = "tUxbf-Mu6Lq3jUiyEWw7hCsEBaLmVvh3oyAh3Y5oN3k";
      expect(loadConfig({})).toMatchObject({
        sms: undefined,
        push: undefined,
        smsRatePerMinute: 60,
        pushRatePerMinute: 600,
      });
      expect(loadConfig({ SMS_URL: "smpp://acme:pw@127.0.0.1:2775", SMS_FROM: "+4930123" }).sms).toEqual({
        url: "smpp://acme:pw@127.0.0.1:2775",
        from: "+4930123",
      });
      expect(
        loadConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv, MAIL_FROM: "Acme <ops@acme.test>" }).push,
      ).toEqual({ publicKey: pub, privateKey: priv, subject: "mailto:ops@acme.test" });
      expect(
        loadConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv, PUBLIC_URL: "https://acme.test" }).push?.subject,
      ).toBe("https://acme.test");
      expect(
        loadConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv, VAPID_SUBJECT: "mailto:a@b.test" }).push?.subject,
      ).toBe("mailto:a@b.test");
      for (const [env, problem] of [
        [{ SMS_URL: "smpp://127.0.0.1:2775" }, /SMS_URL/],
        [{ SMS_URL: "http://a:b@x" }, /SMS_URL/],
        [{ SMS_FROM: "a sender name too long" }, /SMS_FROM/],
        [{ VAPID_PUBLIC_KEY: pub }, /go together/],
        [{ VAPID_PUBLIC_KEY: priv, VAPID_PRIVATE_KEY: priv }, /VAPID_PUBLIC_KEY/],
        [{ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: pub }, /VAPID_PRIVATE_KEY/],
        [{ VAPID_SUBJECT: "http://x.test" }, /VAPID_SUBJECT/],
        [{ PUSH_RATE_PER_MINUTE: "0" }, /PUSH_RATE_PER_MINUTE/],
      ] as const)
        expect(() => loadConfig(env as Record<string, string>), JSON.stringify(env)).toThrow(problem);
    },
  );

  it("reads the job workers' settings: every queue unless JOBS_QUEUES names some", () => {
    expect(loadConfig({}).jobs).toEqual({
      queues: undefined,
      leaseS: 30,
      pollMs: 1000,
      concurrency: Math.min(256, 128 * availableParallelism()),
    });
    expect(
      loadConfig({ JOBS_QUEUES: " reports , default", JOBS_LEASE_S: "5", JOBS_POLL_MS: "50", JOBS_CONCURRENCY: "8" })
        .jobs,
    ).toEqual({ queues: ["reports", "default"], leaseS: 5, pollMs: 50, concurrency: 8 });
    for (const [name, value] of [
      ["JOBS_QUEUES", "a,,b"],
      ["JOBS_QUEUES", "a b"],
      ["JOBS_LEASE_S", "0"],
      ["JOBS_POLL_MS", "5"],
      ["JOBS_CONCURRENCY", "0"],
      ["JOBS_CONCURRENCY", "1025"],
    ])
      expect(() => loadConfig({ [name!]: value! }), `${name}=${value}`).toThrow(new RegExp(name!));
  });

  it("reads REFRESH_TOKEN_MAX_S (90 days by default) and TRUST_PROXY (0 to 10 proxy hops)", () => {
    expect(loadConfig({ REFRESH_TOKEN_MAX_S: "86400", TRUST_PROXY: "2" })).toMatchObject({
      tokens: { refreshMaxS: 86400 },
      trustProxy: 2,
    });
    for (const [name, value] of [
      ["REFRESH_TOKEN_MAX_S", "0"],
      ["TRUST_PROXY", "11"],
      ["TRUST_PROXY", "yes"],
    ])
      expect(() => loadConfig({ [name!]: value! }), `${name}=${value}`).toThrow(new RegExp(name!));
  });

  it("serves metrics by default, open unless METRICS_TOKEN (16 characters or more) is set", () => {
    expect(loadConfig({}).metrics).toEqual({ enabled: true, token: undefined });
    expect(loadConfig({ METRICS_ENABLED: "false", METRICS_TOKEN: "0123456789abcdef" }).metrics).toEqual({
      enabled: false,
      token: "0123456789abcdef",
    });
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  it("reads roles and derives the public URL from the port", () => {
    expect(loadConfig({ ROLES: "worker", PORT: "9000" })).toMatchObject({
      roles: { gateway: false, worker: true },
      publicUrl: "http://localhost:9000",
    });
    expect(loadConfig({ PUBLIC_URL: "https://api.example.com/" }).publicUrl).toBe("https://api.example.com");
  });

  it("names every bad variable at once", () => {
    try {
      loadConfig({
        PORT: "eighty",
        ROLES: "gateway,cook",
        DATABASE_URL: "mysql://x",
        LOG_LEVEL: "loud",
        BOOTSTRAP_OWNER_EMAIL: "a@b.co",
      });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const text = (e as ConfigError).message;
      for (const v of ["PORT", "ROLES", "DATABASE_URL", "LOG_LEVEL"]) expect(text).toContain(v);
    }
    expect(() => loadConfig({ BOOTSTRAP_OWNER_EMAIL: "a@b.co" })).toThrow(/go together/);
  });
});
