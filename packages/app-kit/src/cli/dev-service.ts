import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { kitFiles } from "../kit-files.ts";
import type { Io } from "./io.ts";

/** The service of this clone from its sources, as the tests run it, ending with its command (dev-service-main.ts). */
const SERVICE_MAIN = join(kitFiles.root, "src", "cli", "dev-service-main.ts");
const DEV_CLIENT = "platform-dev";

export type DevService = { readonly url: string; readonly clientSecret: string; stop(): Promise<void> };

/** A free port now, when the developer asked for any (`--port 0`): the service's public URL must name its port. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });

/** The dev client's secret, made once per folder and kept in .platform/ (the service keeps its first one). */
const devSecret = (stateDir: string): string => {
  const file = join(stateDir, "dev-client.json");
  if (existsSync(file)) return (JSON.parse(readFileSync(file, "utf8")) as { secret: string }).secret;
  const secret = randomBytes(24).toString("base64url");
  writeFileSync(file, `${JSON.stringify({ clientId: DEV_CLIENT, secret })}\n`, { mode: 0o600 });
  return secret;
};

type LogLine = {
  level?: number;
  msg?: string;
  componentId?: string;
  runId?: string;
  line?: string;
  code?: string;
  message?: string;
};

/** What of the service's log a developer sees: component console lines with their run, and warnings. */
const show = (io: Io, text: string) => {
  let entry: LogLine;
  try {
    entry = JSON.parse(text) as LogLine;
  } catch {
    return;
  }
  // By run id: the one the ingress answered in x-run-id, by which a failed run's record is read and replayed.
  if (entry.msg === "component console") io.out(`[${entry.componentId} ${entry.runId}] ${entry.line}`);
  else if (entry.msg === "component run failed")
    io.out(`[${entry.componentId} ${entry.runId}] failed: ${entry.code} ${entry.message}`);
  else if ((entry.level ?? 0) >= 40) io.err(`service: ${entry.msg}`);
};

/**
 * Starts the service on the embedded engine with its data in DIR/.platform/data, its log read
 * for the folder's component lines, and a client (`platform-dev`, secret in
 * DIR/.platform/dev-client.json) that installs the folder. Resolves once it listens.
 */
export const startDevService = async (io: Io, dir: string, port: number): Promise<DevService> => {
  const stateDir = join(dir, ".platform");
  mkdirSync(join(stateDir, "data"), { recursive: true });
  const clientSecret = devSecret(stateDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: join(stateDir, "data"),
    PORT: String(port === 0 ? await freePort() : port),
    // Only the folder is installed (through the API), nothing of ./apps.
    APPS_DIR: join(stateDir, "no-apps"),
    LOG_LEVEL: "debug",
    BOOTSTRAP_CLIENT_ID: DEV_CLIENT,
    BOOTSTRAP_CLIENT_SECRET: clientSecret,
  };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  const child = spawn(process.execPath, ["--import", import.meta.resolve("tsx"), SERVICE_MAIN], {
    cwd: join(kitFiles.root, "..", ".."),
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((r) => child.once("exit", r));
  let startup = "";
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const listening = /^Listening on (http:\/\/\S+)/.exec(line);
      if (listening) resolve(listening[1]!);
      else show(io, line);
    });
    createInterface({ input: child.stderr! }).on("line", (line) => void (startup += `${line}\n`));
    void exited.then((code) => reject(new Error(`the service exited (${code}) before it listened:\n${startup}`)));
  });
  return {
    url,
    clientSecret,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
};

export const devClientId = DEV_CLIENT;
