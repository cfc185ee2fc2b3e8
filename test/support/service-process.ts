import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";

export type ServiceProcess = {
  /** Where its gateway listens; "" for a worker alone (ROLES=worker), which serves no HTTP. */
  readonly url: string;
  readonly child: ChildProcess;
  readonly output: () => string;
  /** SIGTERM and wait; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** A fresh place for the service's data: a schema on DATABASE_URL, or a PGlite folder. */
export const freshStorage = async (
  dataDir: string,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> => {
  const base = process.env.DATABASE_URL;
  if (!base) return { env: { DATA_DIR: dataDir }, drop: async () => undefined };
  const schema = `e2e_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    },
  };
};

/**
 * Starts the service as a child process and waits for "Listening on": the gateway's sources
 * through tsx, or with `built` the operator's own `npm start` (the compiled gateway on plain
 * node, built first when dist/ is missing or stale). A worker alone (`ROLES=worker` in `env`) listens nowhere: it is
 * started once it logs "worker started" (LOG_LEVEL info for it).
 */
export const startServiceProcess = (
  env: Record<string, string>,
  opts: { readonly built?: boolean } = {},
): Promise<ServiceProcess> => {
  const workerOnly = env.ROLES === "worker";
  const [command, args] = opts.built
    ? ["npm", ["start", "--silent"]]
    : [process.execPath, ["--import", "tsx", "services/gateway/src/main.ts"]];
  const child = spawn(command, args, {
    env: { ...process.env, PORT: "0", LOG_LEVEL: "warn", ...env, ...(workerOnly ? { LOG_LEVEL: "info" } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  return new Promise((resolve, reject) => {
    const giveUp = () => reject(new Error(`service did not start in time:\n${out}`));
    // A build first may take well over a minute on a loaded two-core machine (about 50 s on a quiet one).
    let timer = setTimeout(giveUp, opts.built ? 150_000 : 60_000);
    let built = false;
    const onData = () => {
      // A fresh clone builds first (about a minute on two cores): the start's own minute counts from the build's end.
      if (!built && out.includes("Built in")) {
        built = true;
        clearTimeout(timer);
        timer = setTimeout(giveUp, 60_000);
      }
      const m = workerOnly
        ? /"msg":"worker started"/.exec(out) && ["", ""]
        : /Listening on (http:\/\/[^\s]+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off("data", onData);
      child.stderr!.off("data", onData);
      resolve({
        url: m[1]!,
        child,
        output: () => out,
        stop: async (signal = "SIGTERM") => {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout!.on("data", onData);
    // The build reports on stderr.
    child.stderr!.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}:\n${out}`));
    });
  });
};

/** Runs the entry point to completion (for start-up failures); resolves with code and output. */
export const runServiceProcess = (env: Record<string, string>): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "services/gateway/src/main.ts"], {
      env: { ...process.env, PORT: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", (code) => resolve({ code, output: out }));
  });

/** A client_credentials access token from a running service, for a client given by `BOOTSTRAP_CLIENT_ID`/`_SECRET`. */
export const clientToken = async (
  url: string,
  client: { readonly BOOTSTRAP_CLIENT_ID: string; readonly BOOTSTRAP_CLIENT_SECRET: string },
): Promise<string> => {
  const r = await fetch(`${url}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: client.BOOTSTRAP_CLIENT_ID,
      client_secret: client.BOOTSTRAP_CLIENT_SECRET,
    }),
  });
  if (r.status !== 200) throw new Error(`token request: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { access_token: string }).access_token;
};
