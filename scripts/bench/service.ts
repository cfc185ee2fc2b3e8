import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";

/** The bench database's URL with `schema` first on the search path (a service's schema). */
export const schemaUrl = (databaseUrl: string, schema: string): URL => {
  const url = new URL(databaseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url;
};

/** A connected client on a running service's schema, to seed or inspect its tables. */
export const schemaClient = async (databaseUrl: string, schema: string): Promise<pg.Client> => {
  const client = new pg.Client({ connectionString: schemaUrl(databaseUrl, schema).toString() });
  await client.connect();
  return client;
};

export type RunningService = {
  readonly url: string;
  readonly pid: number;
  /** Peak resident memory of the service process so far (VmHWM). */
  peakRssMiB(): number;
  /** Stops it; `keepSchema` leaves its schema (and data) for a process started after it. */
  stop(opts?: { readonly keepSchema?: boolean }): Promise<void>;
};

let built = false;
/** The node arguments that run the gateway as `npm start` does: the build, made first when it is missing or stale. */
const gatewayEntry = (): string[] => {
  if (!built) {
    const r = spawnSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { stdio: "inherit" });
    if (r.status !== 0) throw new Error("the build failed");
    built = true;
  }
  return ["--conditions=dist", "services/gateway/dist/bundle/main.mjs"];
};

/**
 * Starts the real service (the built gateway, as `npm start`) as a child process on a free
 * port, in a fresh schema of the bench database (or `opts.schema`, another running
 * service's), and waits until it listens.
 */
export const startService = async (
  databaseUrl: string,
  env: Record<string, string> = {},
  /** `waitForListening: false` for a worker-only process (ROLES=worker), which serves no HTTP: its `url` is "". */
  /** `engine: "embedded"`: PGlite in a fresh temporary DATA_DIR (no schema on the server; removed at stop). */
  opts: {
    readonly schema?: string;
    readonly waitForListening?: boolean;
    readonly engine?: "postgres" | "embedded";
  } = {},
): Promise<RunningService & { schema: string }> => {
  const embedded = opts.engine === "embedded";
  // A second process of the same deployment shares the first one's schema (and leaves it to that one to drop).
  const shared = opts.schema !== undefined;
  const schema = opts.schema ?? `bench_svc_${randomBytes(4).toString("hex")}`;
  const dataDir = embedded ? mkdtempSync(join(tmpdir(), "bench-pglite-")) : "";
  if (!shared && !embedded) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
  }
  const url = schemaUrl(databaseUrl, schema);
  // BENCH_NODE_ARGS: extra Node flags for the service, e.g. "--cpu-prof --cpu-prof-dir=.prof" to profile it.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...gatewayEntry()], {
    env: {
      ...process.env,
      PORT: "0",
      LOG_LEVEL: "warn",
      DATABASE_URL: embedded ? "" : url.toString(),
      ...(embedded ? { DATA_DIR: dataDir } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const listening =
    opts.waitForListening === false
      ? ""
      : await new Promise<string>((resolve, reject) => {
          let buf = "";
          child.stdout!.on("data", (d: Buffer) => {
            buf += d.toString();
            const m = /Listening on (http:\/\/[^\s]+)/.exec(buf);
            if (m) resolve(m[1]!);
          });
          child.once("exit", (code) => reject(new Error(`service exited with ${code} before listening:\n${buf}`)));
        });
  return {
    url: listening,
    schema,
    pid: child.pid!,
    peakRssMiB: () => {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      return m ? Number(m[1]) / 1024 : NaN;
    },
    stop: async (stopOpts = {}) => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      if (embedded) return rmSync(dataDir, { recursive: true, force: true });
      if (shared || stopOpts.keepSchema) return;
      const drop = new pg.Client({ connectionString: databaseUrl });
      await drop.connect();
      await drop.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await drop.end();
    },
  };
};

export type LoadResult = {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
};

/** HTTP load with autocannon: `connections` concurrent connections for `seconds`. */
export const load = async (opts: {
  url: string;
  seconds: number;
  connections?: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | (() => string);
  /** Varies each request: its path and extra headers (e.g. one of several tokens). */
  vary?: () => { path?: string; headers?: Record<string, string> };
  /** Ends the run early, at the first whole second after this settles (`seconds` is then a cap). */
  until?: Promise<unknown>;
}): Promise<LoadResult> => {
  const dynamic = typeof opts.body === "function" ? opts.body : undefined;
  const vary = opts.vary;
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections ?? 32,
    duration: opts.seconds,
    method: opts.method ?? "GET",
    headers: opts.headers ?? {},
    ...(typeof opts.body === "string" ? { body: opts.body } : {}),
    ...(dynamic || vary
      ? {
          requests: [
            {
              setupRequest: (req: Record<string, unknown>) => {
                const v = vary?.() ?? {};
                return {
                  ...req,
                  ...(dynamic ? { body: dynamic() } : {}),
                  ...(v.path ? { path: v.path } : {}),
                  ...(v.headers ? { headers: { ...(req.headers as Record<string, string>), ...v.headers } } : {}),
                };
              },
            },
          ],
        }
      : {}),
  } as autocannon.Options) as Promise<autocannon.Result> & { stop(): void };
  void opts.until?.then(
    () => instance.stop(),
    () => instance.stop(),
  );
  const result = await instance;
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
};

export const BENCH_CLIENT = {
  BOOTSTRAP_CLIENT_ID: "bench-admin",
  BOOTSTRAP_CLIENT_SECRET: "bench-secret-0123456789abcdef",
};

/** A client_credentials access token from the running service. */
export const clientToken = async (
  url: string,
  id = BENCH_CLIENT.BOOTSTRAP_CLIENT_ID,
  secret = BENCH_CLIENT.BOOTSTRAP_CLIENT_SECRET,
): Promise<string> => {
  const r = await fetch(`${url}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: id, client_secret: secret }),
  });
  if (r.status !== 200) throw new Error(`token request failed: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { access_token: string }).access_token;
};

/** A JSON caller of the running service with a bearer token: throws on any status not expected. */
export const apiCaller =
  (url: string, token: string) =>
  async (
    method: string,
    path: string,
    body?: unknown,
    expect: readonly number[] = [200, 201, 202, 204],
  ): Promise<Record<string, unknown>> => {
    const r = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await r.text();
    if (!expect.includes(r.status)) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };

/** The raw-SQL baseline measured by the event-store suite in this run. */
export const baselineTxPerSecond = (
  results: readonly { suite: string; metric: string; value: number }[],
): number | undefined =>
  results.find((r) => r.suite === "event-store" && r.metric.startsWith("raw SQL baseline"))?.value;
