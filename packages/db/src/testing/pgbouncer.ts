import { type ChildProcess, execSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** A PgBouncer of a test's own in front of the test server, in transaction mode. */
export type PgBouncer = {
  /** The address of `database` through the pooler (same user as the server's URL). */
  url(database: string): string;
  /** Its log so far (connections, errors). */
  output(): string;
  stop(): Promise<void>;
};

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const unpacked = join(root, "node_modules/.cache/pgbouncer/pgbouncer");

/**
 * Where Debian's pgbouncer is: PGBOUNCER_PATH, the copy `npm test`'s install step unpacks (scripts/ensure-install.mjs),
 * or one on PATH. Undefined when there is none.
 */
export const pgbouncerPath = (): string | undefined => {
  if (process.env.PGBOUNCER_PATH) return process.env.PGBOUNCER_PATH;
  if (existsSync(unpacked)) return unpacked;
  try {
    return execSync("command -v pgbouncer", { shell: "/bin/sh", encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
};

/** A TCP port nothing listens on now. */
export const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

const accepts = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });

/**
 * Starts PgBouncer for the server of `serverUrl` (every database on it, trust authentication as the test server has)
 * in transaction mode, `poolSize` server connections per database and user: fewer than the clients, so transactions
 * of different clients share server connections as they do in production. Root cannot run it: it drops to the
 * `postgres` user, which must be able to read its files (a folder of its own, readable by all).
 */
export const startPgBouncer = async (serverUrl: string, poolSize = 10): Promise<PgBouncer> => {
  const binary = pgbouncerPath();
  if (!binary)
    throw new Error("No pgbouncer: npm test unpacks Debian's (scripts/ensure-install.mjs), or set PGBOUNCER_PATH");
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || "postgres");
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "pgbouncer-"));
  chmodSync(dir, 0o755);
  const users = join(dir, "users.txt");
  writeFileSync(users, `"${user}" ""\n`, { mode: 0o644 });
  const ini = join(dir, "pgbouncer.ini");
  const lines = [
    "[databases]",
    `* = host=${server.hostname} port=${server.port || 5432}`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    "unix_socket_dir =",
    "auth_type = trust",
    `auth_file = ${users}`,
    "pool_mode = transaction",
    `default_pool_size = ${poolSize}`,
    "max_client_conn = 1000",
    ...(process.getuid?.() === 0 ? ["user = postgres"] : []),
  ];
  writeFileSync(ini, `${lines.join("\n")}\n`, { mode: 0o644 });
  const child: ChildProcess = spawn(binary, [ini], {
    env: { ...process.env, LD_LIBRARY_PATH: dirname(binary) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; !(await accepts(port)); i++) {
    if (child.exitCode !== null || i > 100) {
      await stop();
      throw new Error(`pgbouncer did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: (database) => {
      const u = new URL(serverUrl);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      u.pathname = `/${database}`;
      u.search = "";
      return u.toString();
    },
    output: () => log,
    stop,
  };
};
