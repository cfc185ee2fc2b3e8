import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./pgbouncer.ts";

/** A hot standby of the test server, streaming its WAL. */
export type Standby = {
  /** `primaryUrl` (a URL of the test server, options and all) pointed at the standby. */
  url(primaryUrl: string): string;
  /** Stops replaying what it receives (pg_wal_replay_pause): it falls behind until `resume`. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
};

const asRoot = process.getuid?.() === 0;

const one = async <R extends pg.QueryResultRow>(url: string, text: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text)).rows[0]!;
  } finally {
    await c.end();
  }
};

/**
 * Lets replication connections from 127.0.0.1 in as the server already lets every other connection from there
 * (trust): pg_basebackup and the standby's stream need one. Only when its pg_hba.conf trusts 127.0.0.1 for all and
 * this process may write it (root on the test machine); otherwise the server's own rules stand, and say why.
 */
const allowReplication = async (serverUrl: string) => {
  const { hba_file: file } = await one<{ hba_file: string }>(serverUrl, "SHOW hba_file");
  const rules = readFileSync(file, "utf8");
  if (/^\s*host\s+replication\s+all\s+127\.0\.0\.1\/32\s+trust/m.test(rules)) return;
  if (!/^\s*host\s+all\s+all\s+127\.0\.0\.1\/32\s+trust/m.test(rules) || !asRoot)
    throw new Error(`${file} lets no replication connection in from 127.0.0.1: add one to run the standby tests`);
  writeFileSync(file, `${rules.trimEnd()}\nhost replication all 127.0.0.1/32 trust\n`);
  await one(serverUrl, "SELECT pg_reload_conf()");
};

/** Runs a PostgreSQL program as the server's user when this process is root (it refuses to run as root). */
const asServerUser = (program: string, args: readonly string[]): [string, string[]] =>
  asRoot ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, [...args]];

/**
 * A real hot standby of the server at `serverUrl` (127.0.0.1, trust, as the tests use): `pg_basebackup -R` into a
 * folder of its own, then that server's own `postgres` on a free port, streaming from the test server without a
 * slot. Its configuration is its own (Debian keeps the server's in /etc, which the backup does not copy).
 */
export const startStandby = async (serverUrl: string): Promise<Standby> => {
  await allowReplication(serverUrl);
  const server = new URL(serverUrl);
  const { v } = await one<{ v: string }>(serverUrl, "SELECT current_setting('server_version_num') AS v");
  const bin = `/usr/lib/postgresql/${Math.floor(Number(v) / 10000)}/bin`;
  const dir = mkdtempSync(join(tmpdir(), "standby-"));
  chmodSync(dir, 0o700);
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const data = join(dir, "data");
  const backup = asServerUser(`${bin}/pg_basebackup`, [
    ...["-h", server.hostname, "-p", server.port || "5432", "-U", decodeURIComponent(server.username || "postgres")],
    ...["-D", data, "-X", "stream", "-R", "--checkpoint=fast"],
  ]);
  execFileSync(backup[0], backup[1], { stdio: ["ignore", "ignore", "pipe"] });
  const port = await freePort();
  for (const [name, text] of [
    ["postgresql.conf", ""],
    ["pg_hba.conf", "local all all trust\nhost all all 127.0.0.1/32 trust\n"],
    ["pg_ident.conf", ""],
  ] as const)
    writeFileSync(join(data, name), text);
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", data]);
  const [program, args] = asServerUser(`${bin}/postgres`, [
    ...["-D", data, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${dir}`],
    ...["-c", "hot_standby=on", "-c", "shared_buffers=32MB", "-c", "max_connections=100"],
  ]);
  const child: ChildProcess = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const url = (primaryUrl: string) => {
    const u = new URL(primaryUrl);
    u.hostname = "127.0.0.1";
    u.port = String(port);
    return u.toString();
  };
  const admin = url(`postgres://${server.username || "postgres"}@127.0.0.1/postgres`);
  const stop = async () => {
    // pg_ctl, not a signal to the child: runuser does not pass signals on to the server.
    if (child.exitCode === null && child.signalCode === null) {
      const [ctl, ctlArgs] = asServerUser(`${bin}/pg_ctl`, ["-D", data, "-m", "immediate", "-w", "stop"]);
      try {
        execFileSync(ctl, ctlArgs, { stdio: "ignore" });
      } catch {
        child.kill("SIGKILL");
      }
    }
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    try {
      if ((await one<{ standby: boolean }>(admin, "SELECT pg_is_in_recovery() AS standby")).standby) break;
    } catch {
      // starting
    }
    if (child.exitCode !== null || i > 300) {
      await stop();
      throw new Error(`the standby did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pause: async () => void (await one(admin, "SELECT pg_wal_replay_pause()")),
    resume: async () => void (await one(admin, "SELECT pg_wal_replay_resume()")),
    stop,
  };
};
