import { availableParallelism } from "node:os";
import * as v from "valibot";

// A true/false setting takes true, false, 1 or 0 (any case) and nothing else: read as false, a
// "yes" or "on" would silently turn off what its writer meant to turn on.
const bool = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => /^(true|false|1|0)$/i.test(s), "must be true, false, 1 or 0"),
  v.transform((s) => s === "1" || s.toLowerCase() === "true"),
);
const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^-?\d+$/, "must be a whole number"),
    v.transform(Number),
    v.minValue(min),
    v.maxValue(max),
  );
const url = (schemes: readonly string[]) =>
  v.pipe(
    v.string(),
    v.check(
      (s) => {
        try {
          return schemes.includes(new URL(s).protocol.replace(/:$/, ""));
        } catch {
          return false;
        }
      },
      `must be a URL with scheme ${schemes.join(" or ")}`,
    ),
  );
const roles = v.pipe(
  v.string(),
  v.transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  ),
  v.check((a) => a.length > 0 && a.every((x) => x === "gateway" || x === "worker"), "must list gateway and/or worker"),
);

const EnvSchema = v.object({
  PORT: v.optional(int(0, 65535), "8080"),
  HOST: v.optional(v.string(), "127.0.0.1"),
  PUBLIC_URL: v.optional(url(["http", "https"])),
  DATA_DIR: v.optional(v.string(), "./data"),
  PGLITE_SHARED_BUFFERS: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,6}(kB|MB|GB)$/, "must be a size such as 16MB (kB, MB or GB)")),
    "16MB",
  ),
  PGLITE_VACUUM_INTERVAL_MS: v.optional(int(1000, 604_800_000), "3600000"),
  DATABASE_URL: v.optional(url(["postgres", "postgresql"])),
  EVENTSTORE_URL: v.optional(url(["kurrentdb", "esdb", "kurrentdb+discover", "esdb+discover"])),
  ROLES: v.optional(roles, "gateway,worker"),
  FOLLOWER_LEASE: v.optional(v.picklist(["auto", "time"], "must be auto or time"), "auto"),
  BOOTSTRAP_OWNER_EMAIL: v.optional(v.pipe(v.string(), v.email("must be an email address"))),
  BOOTSTRAP_OWNER_PASSWORD: v.optional(v.string()),
  BOOTSTRAP_CLIENT_ID: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9._:-]{1,128}$/, "letters, digits and . _ : - only")),
  ),
  BOOTSTRAP_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, "must be at least 16 characters"))),
  SMTP_URL: v.optional(url(["smtp", "smtps"])),
  MAIL_FROM: v.optional(v.string(), "no-reply@localhost"),
  SENDINGS_INTERVAL_MS: v.optional(int(10), "10000"),
  SENDINGS_RATE_PER_MINUTE: v.optional(int(1), "60"),
  SENDINGS_RETRY_BASE_MS: v.optional(int(1), "60000"),
  SMS_URL: v.optional(
    v.pipe(
      url(["smpp", "ssmpp"]),
      v.check(smppCredentials, "must name the account: smpp://system_id:password@host:port"),
    ),
  ),
  SMS_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(\+[1-9]\d{1,14}|[A-Za-z0-9 ]{1,11})$/,
        "must be an E.164 number (+4915…) or an alphanumeric sender of at most 11 characters",
      ),
    ),
  ),
  SMS_RATE_PER_MINUTE: v.optional(int(1), "60"),
  VAPID_PUBLIC_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => base64urlBytes(s) === 65 && s.startsWith("B"),
        "must be a P-256 public key, 65 bytes in base64url (npx web-push generate-vapid-keys)",
      ),
    ),
  ),
  VAPID_PRIVATE_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => base64urlBytes(s) === 32, "must be a P-256 private key, 32 bytes in base64url"),
    ),
  ),
  VAPID_SUBJECT: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
        "must be a mailto: or https: URL where the push services can reach you",
      ),
    ),
  ),
  PUSH_RATE_PER_MINUTE: v.optional(int(1), "600"),
  SUBSCRIPTIONS_RETRY_BASE_MS: v.optional(int(1, 3_600_000), "5000"),
  ACCESS_TOKEN_TTL_S: v.optional(int(1), "3600"),
  REFRESH_TOKEN_TTL_S: v.optional(int(1), "2592000"),
  RETENTION_JOBS_DAYS: v.optional(int(-1), "14"),
  JOBS_QUEUES: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^\s*[A-Za-z0-9._~-]{1,64}(\s*,\s*[A-Za-z0-9._~-]{1,64})*\s*$/,
        "must be queue names (A-Z a-z 0-9 . _ ~ -) separated by commas",
      ),
    ),
  ),
  JOBS_LEASE_S: v.optional(int(1, 86_400), "30"),
  JOBS_POLL_MS: v.optional(int(10, 600_000), "1000"),
  JOBS_CONCURRENCY: v.optional(int(1, 1024)),
  APPS_DIR: v.optional(v.string(), "./apps"),
  COMPONENT_TIMEOUT_MS: v.optional(int(10, 600_000), "2000"),
  COMPONENT_MEMORY_MB: v.optional(int(16, 4096), "64"),
  COMPONENT_WORKERS: v.optional(int(1, 256)),
  COMPONENT_SNAPSHOTS: v.optional(bool, "true"),
  COMPONENT_SNAPSHOT_MB: v.optional(int(1, 4096), "32"),
  INGRESS_RATE_PER_MINUTE: v.optional(int(0), "0"),
  GRAPH_TIMEOUT_MS: v.optional(int(1, 600_000), "2000"),
  GRAPH_EXACT_COUNT_MAX: v.optional(int(0, 100_000_000), "10000"),
  LOG_LEVEL: v.optional(v.picklist(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  BODY_LIMIT_BYTES: v.optional(int(1024), String(1024 * 1024)),
  COOKIE_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "must be at least 32 characters"))),
  SECURE_COOKIES: v.optional(bool),
  TRUST_PROXY: v.optional(int(0, 10), "0"),
  REFRESH_TOKEN_MAX_S: v.optional(int(1), "7776000"),
  METRICS_ENABLED: v.optional(bool, "true"),
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, "must be at least 16 characters"))),
  DATA_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => dataKeyBytes(s) !== undefined,
        "must be 32 random bytes, as 64 hex digits or base64 (openssl rand -base64 32)",
      ),
    ),
  ),
  DATA_KEY_PREVIOUS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => dataKeyBytes(s) !== undefined, "must be 32 random bytes, as 64 hex digits or base64"),
    ),
  ),
  NODE_ENV: v.optional(v.string()),
  OUTBOUND_ALLOW_PRIVATE: v.optional(bool, "false"),
});

/** How many bytes a base64url text (no padding) holds, or -1 when it is not base64url. */
function base64urlBytes(text: string): number {
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, "base64url").length : -1;
}

/** An smpp:// URL names the account to bind as. */
function smppCredentials(text: string): boolean {
  return new URL(text).username !== "";
}

/** DATA_KEY's 32 bytes (64 hex digits, or base64 / base64url), or undefined when it is not that. */
export const dataKeyBytes = (text: string): Buffer | undefined => {
  const bytes = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, "hex")
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, "base64")
      : undefined;
  return bytes?.length === 32 ? bytes : undefined;
};

export type Config = {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  /**
   * Whether PUBLIC_URL was set. Unset, the service is on a developer's machine at its default
   * address (http://localhost:$PORT), and the portal sends a browser that came by another name
   * of it (127.0.0.1) there first: its sign-in cookies belong to one host name.
   */
  readonly publicUrlSet: boolean;
  /**
   * PUBLIC_URL exactly as given: the OAuth issuer, byte for byte (a token's `iss` must equal it). `publicUrl` is it
   * without a trailing slash, for building URLs.
   */
  readonly issuer: string;
  readonly dataDir: string;
  /** The embedded engine's buffer pool (PostgreSQL's shared_buffers), resident for good once used. */
  readonly pgliteSharedBuffers: string;
  /**
   * How often the worker vacuums the embedded engine's tables (it has no autovacuum); the tables an erasure touched,
   * soon after it too.
   */
  readonly pgliteVacuumIntervalMs: number;
  readonly databaseUrl: string | undefined;
  readonly eventStoreUrl: string | undefined;
  readonly roles: { readonly gateway: boolean; readonly worker: boolean };
  /**
   * How the worker leases its projections and reactors: "auto" (a session lock on PostgreSQL,
   * released when the process dies; the embedded engine's one process takes them at start) or
   * "time" (a 15 s lease, for a database behind a pooler in transaction mode).
   */
  readonly followerLease: "auto" | "time";
  readonly bootstrap: {
    readonly ownerEmail: string | undefined;
    readonly ownerPassword: string | undefined;
    readonly clientId: string | undefined;
    readonly clientSecret: string | undefined;
  };
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** The sending queue: how often it is polled, the email rate limit, the first retry's delay (doubling after). */
  readonly sendings: { readonly intervalMs: number; readonly ratePerMinute: number; readonly retryBaseMs: number };
  /** SMS over SMPP 3.4 (SMS_URL, SMS_FROM); undefined when SMS_URL is unset: SMS sendings then stay pending. */
  readonly sms: { readonly url: string; readonly from: string | undefined } | undefined;
  readonly smsRatePerMinute: number;
  /** Web Push with VAPID; undefined when the keys are unset: push sendings then stay pending. */
  readonly push: { readonly publicKey: string; readonly privateKey: string; readonly subject: string } | undefined;
  readonly pushRatePerMinute: number;
  /** SUBSCRIPTIONS_RETRY_BASE_MS: the first retry of a webhook delivery, doubling after. */
  readonly subscriptionsRetryBaseMs: number;
  /** Token lifetimes; `refreshMaxS` bounds a refresh token from its session's creation, however often it rotates. */
  readonly tokens: { readonly accessTtlS: number; readonly refreshTtlS: number; readonly refreshMaxS: number };
  readonly retentionJobsDays: number;
  /**
   * The job workers of this process: the queues they serve (undefined = every queue), the lease
   * of a running job (renewed while it runs; a lost worker's job runs again once it lapses), how
   * often they look for due jobs besides being woken, and how many jobs run at once here.
   */
  readonly jobs: {
    readonly queues: readonly string[] | undefined;
    readonly leaseS: number;
    readonly pollMs: number;
    readonly concurrency: number;
  };
  readonly appsDir: string;
  /** Limits of the component sandbox (@platform/sandbox); workers defaults to the CPU count, at least 2. */
  readonly components: {
    readonly timeoutMs: number;
    readonly memoryMb: number;
    readonly workers: number | undefined;
    /**
     * Each run restores a snapshot taken after the component's module was evaluated (false: a fresh context per run).
     */
    readonly snapshots: boolean;
    /** Snapshots each sandbox thread keeps (MiB). */
    readonly snapshotMb: number;
  };
  /** Requests per minute each ingress accepts in this process; 0 = no limit. */
  readonly ingressRatePerMinute: number;
  /** The statement timeout of every graph query; a query running longer answers 400 QUERY_TOO_EXPENSIVE. */
  readonly graphTimeoutMs: number;
  /** A graph query's count is exact up to this many rows, the planner's estimate beyond (countEstimated). */
  readonly graphExactCountMax: number;
  readonly logLevel: string;
  readonly bodyLimitBytes: number;
  /** Secret for signing browser-session cookies; derived from the data when unset. */
  readonly cookieSecret: string | undefined;
  readonly secureCookies: boolean;
  /**
   * How many reverse proxies of ours stand in front (TRUST_PROXY): the client address is taken from X-Forwarded-For
   * that many hops from the right; 0 = the socket's peer.
   */
  readonly trustProxy: number;
  /**
   * Prometheus metrics: collected and served at /metrics unless METRICS_ENABLED=false; with a token, /metrics asks for
   * it as a bearer token.
   */
  readonly metrics: { readonly enabled: boolean; readonly token: string | undefined };
  /**
   * DATA_KEY: the key that wraps every data subject's key (docs/PRIVACY.md). Unset: a key
   * generated into DATA_DIR, which a production deployment on PostgreSQL may not use.
   */
  readonly dataKey: string | undefined;
  /** DATA_KEY_PREVIOUS: the DATA_KEY being replaced; the start re-wraps every key under DATA_KEY. */
  readonly dataKeyPrevious: string | undefined;
  /** NODE_ENV=production. */
  readonly production: boolean;
  /**
   * OUTBOUND_ALLOW_PRIVATE=true: requests the service makes on its own (back-channel logout,
   * webhooks) may use http and reach loopback and private addresses: local development and
   * tests only, since otherwise anyone who may register a URL could reach the internal network.
   */
  readonly outboundAllowPrivate: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and validates the environment (README.md, "Configuration"); throws ConfigError listing every bad variable. */
/**
 * Jobs one process runs at once when JOBS_CONCURRENCY is unset: 128 per core, at most 256. A
 * job waiting on the database holds no thread (a sandbox thread parks it and runs another), so a
 * process keeps its cores busy only with many jobs in flight; and the more a claim takes, the
 * fewer statements and commits each job costs (`npm run bench -- job-peers`: 64 in flight ran
 * about 1,900 no-op jobs a second on 2 cores, 256 about 2,500–3,000, 512 no more).
 */
export const defaultJobsConcurrency = (): number => Math.min(256, 128 * Math.max(1, availableParallelism()));

/** Who the push services may contact about our pushes: PUBLIC_URL when it is https, else MAIL_FROM's address. */
const defaultVapidSubject = (issuer: string, mailFrom: string) =>
  issuer.startsWith("https://") ? issuer : `mailto:${(/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim()}`;

export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const input = Object.fromEntries(
    Object.entries(env).filter(([k, val]) => Object.hasOwn(EnvSchema.entries, k) && val !== undefined && val !== ""),
  );
  const parsed = v.safeParse(EnvSchema, input);
  if (!parsed.success)
    throw new ConfigError(
      parsed.issues.map((i) => `${i.path?.map((p) => String(p.key)).join(".") ?? "?"}: ${i.message}`),
    );
  const e = parsed.output;
  const problems: string[] = [];
  if (!!e.BOOTSTRAP_OWNER_EMAIL !== !!e.BOOTSTRAP_OWNER_PASSWORD)
    problems.push("BOOTSTRAP_OWNER_EMAIL and BOOTSTRAP_OWNER_PASSWORD go together");
  if (!!e.BOOTSTRAP_CLIENT_ID !== !!e.BOOTSTRAP_CLIENT_SECRET)
    problems.push("BOOTSTRAP_CLIENT_ID and BOOTSTRAP_CLIENT_SECRET go together");
  if (e.DATA_KEY_PREVIOUS && !e.DATA_KEY)
    problems.push("DATA_KEY_PREVIOUS: goes with DATA_KEY (the key that replaces it)");
  if (e.DATABASE_URL && e.NODE_ENV === "production" && !e.DATA_KEY)
    problems.push(
      "DATA_KEY: required on PostgreSQL in production (32 random bytes, e.g. openssl rand -base64 " +
        "32); it protects personal data and must be kept apart from the database",
    );
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY)
    problems.push("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (npx web-push generate-vapid-keys)");
  if (problems.length) throw new ConfigError(problems);
  const issuer = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const publicUrl = issuer.replace(/\/$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    issuer,
    dataDir: e.DATA_DIR,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    pgliteVacuumIntervalMs: e.PGLITE_VACUUM_INTERVAL_MS,
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    roles: { gateway: e.ROLES.includes("gateway"), worker: e.ROLES.includes("worker") },
    followerLease: e.FOLLOWER_LEASE,
    bootstrap: {
      ownerEmail: e.BOOTSTRAP_OWNER_EMAIL,
      ownerPassword: e.BOOTSTRAP_OWNER_PASSWORD,
      clientId: e.BOOTSTRAP_CLIENT_ID,
      clientSecret: e.BOOTSTRAP_CLIENT_SECRET,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sendings: {
      intervalMs: e.SENDINGS_INTERVAL_MS,
      ratePerMinute: e.SENDINGS_RATE_PER_MINUTE,
      retryBaseMs: e.SENDINGS_RETRY_BASE_MS,
    },
    subscriptionsRetryBaseMs: e.SUBSCRIPTIONS_RETRY_BASE_MS,
    sms: e.SMS_URL ? { url: e.SMS_URL, from: e.SMS_FROM } : undefined,
    smsRatePerMinute: e.SMS_RATE_PER_MINUTE,
    push:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? {
            publicKey: e.VAPID_PUBLIC_KEY,
            privateKey: e.VAPID_PRIVATE_KEY,
            subject: e.VAPID_SUBJECT ?? defaultVapidSubject(issuer, e.MAIL_FROM),
          }
        : undefined,
    pushRatePerMinute: e.PUSH_RATE_PER_MINUTE,
    tokens: {
      accessTtlS: e.ACCESS_TOKEN_TTL_S,
      refreshTtlS: e.REFRESH_TOKEN_TTL_S,
      refreshMaxS: e.REFRESH_TOKEN_MAX_S,
    },
    retentionJobsDays: e.RETENTION_JOBS_DAYS,
    jobs: {
      queues: e.JOBS_QUEUES?.split(",").map((q) => q.trim()),
      leaseS: e.JOBS_LEASE_S,
      pollMs: e.JOBS_POLL_MS,
      concurrency: e.JOBS_CONCURRENCY ?? defaultJobsConcurrency(),
    },
    metrics: { enabled: e.METRICS_ENABLED, token: e.METRICS_TOKEN },
    dataKey: e.DATA_KEY,
    dataKeyPrevious: e.DATA_KEY_PREVIOUS,
    production: e.NODE_ENV === "production",
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE,
    appsDir: e.APPS_DIR,
    components: {
      timeoutMs: e.COMPONENT_TIMEOUT_MS,
      memoryMb: e.COMPONENT_MEMORY_MB,
      workers: e.COMPONENT_WORKERS,
      snapshots: e.COMPONENT_SNAPSHOTS,
      snapshotMb: e.COMPONENT_SNAPSHOT_MB,
    },
    ingressRatePerMinute: e.INGRESS_RATE_PER_MINUTE,
    graphTimeoutMs: e.GRAPH_TIMEOUT_MS,
    graphExactCountMax: e.GRAPH_EXACT_COUNT_MAX,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    cookieSecret: e.COOKIE_SECRET,
    secureCookies: e.SECURE_COOKIES ?? publicUrl.startsWith("https:"),
    trustProxy: e.TRUST_PROXY,
  };
};
