import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "@platform/db/testing";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { BENCH_CLIENT, clientToken, schemaUrl } from "../service.ts";
import { createOrder } from "./orders.ts";

const EVENTS = 100_000;
/** More lines per order created while filling: 5 + LINES events per request. */
const LINES = 45;

/**
 * `npm start` as an operator runs it (the build: its bundle), or with `sources` the gateway's TypeScript
 * through tsx as `npm start` ran it before the build (`npm exec tsx …`), or with `modules` the compiled modules
 * without the bundle (dist/main.js, as `npm start` ran before the bundle); npm's own start-up included on every
 * path, in its own process group (so kill -9 reaches the service under npm).
 */
const npmStart = (
  env: Record<string, string>,
  how: "build" | "sources" | "modules" = "build",
): ChildProcess & { output: string } => {
  const args = {
    build: ["start"],
    sources: ["exec", "--", "tsx", "services/gateway/src/main.ts"],
    modules: ["exec", "--", "node", "--conditions=dist", "services/gateway/dist/main.js"],
  }[how];
  const child = spawn("npm", args, {
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  }) as ChildProcess & { output: string };
  child.output = "";
  child.stdout!.on("data", (d: Buffer) => (child.output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (child.output += d.toString()));
  return child;
};

/** The service's own account of its start (the "listening" log line): ms since its process started. */
const startupOf = (child: ChildProcess & { output: string }) => {
  const m = /"startup":(\{[^}]*\})/.exec(child.output);
  if (!m) return "";
  const s = JSON.parse(m[1]!) as Record<string, number>;
  return `node process: modules loaded ${s.loadedMs} ms, booted ${s.bootedMs} ms, caught up ${s.caughtUpMs} ms`;
};

const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
};
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", r));

/** Milliseconds from now until `${url}/readyz` answers 200 (polled every 10 ms). */
const untilReady = async (
  url: string,
  child: ChildProcess & { output: string },
  limitMs = 120_000,
): Promise<number> => {
  const t0 = performance.now();
  while (performance.now() - t0 < limitMs) {
    if (child.exitCode !== null)
      throw new Error(`the service exited with ${child.exitCode} before it was ready:\n${child.output}`);
    const status = await fetch(`${url}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${url}/readyz not 200 within ${limitMs} ms`);
};

/**
 * A create of one order (orders bench's: a delivery, its address, a line and its tax) with `lines` more lines: 5 +
 * lines events.
 */
const bigOrder = (lines: number) => {
  const [message] = createOrder();
  const deliveryId = (message!.body.commands[0] as { deliveryId: string }).deliveryId;
  const more = Array.from({ length: lines }, (_, i) => ({
    type: "createOrderLine",
    orderLineId: `l${i}`,
    deliveryId,
    productNumber: `P-${i}`,
    description: "",
    quantity: 1,
    unitPrice: 10,
    taxFactor: 0.25,
  }));
  return [{ ...message!, body: { ...message!.body, commands: [...message!.body.commands, ...more] } }];
};

/** Creates orders on `loops` connections until `stop()` says so; returns the acknowledged events and order numbers. */
const writeOrders = async (
  url: string,
  token: string,
  loops: number,
  lines: number,
  stop: (events: number) => boolean,
) => {
  let events = 0;
  const acknowledged: string[] = [];
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (!stop(events)) {
        const body = bigOrder(lines);
        const r = await fetch(`${url}/resources/actors/order/new`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }).catch(() => undefined);
        if (!r) return; // the service is gone
        if (r.status !== 200) throw new Error(`order create: ${r.status} ${await r.text()}`);
        const answer = (await r.json()) as { results: { events: unknown[] }[] };
        events += answer.results[0]!.events.length;
        acknowledged.push(body[0]!.body.orderNumber);
      }
    }),
  );
  return { events, acknowledged };
};

/**
 * One engine: fill the store with 100,000 events through the API, then kill -9 the service
 * in the middle of a write load and time `npm start` to /readyz 200. Baselines, in the same
 * run: the same kill and a start through the sources (tsx), the same start after a clean stop
 * (SIGTERM) on the same data, and a restart of the empty store. Every order acknowledged
 * before a kill is read back after it.
 */
const measure = async (engine: string, env: Record<string, string>): Promise<BenchRow[]> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const all = { ...env, ...BENCH_CLIENT, PORT: String(port) };
  // Baseline: a restart with next to nothing in the store.
  const empty = npmStart(all);
  await untilReady(url, empty);
  killGroup(empty, "SIGTERM");
  await exited(empty);
  const first = npmStart(all);
  const emptyRestart = await untilReady(url, first);
  const token = await clientToken(url);
  const filled = await writeOrders(url, token, 8, LINES, (events) => events >= EVENTS);
  await untilReady(url, first);

  // Under write load: kill -9 the whole process group half a second in, then start again.
  const killAndRestart = async (running: ChildProcess, sources: boolean) => {
    const load = writeOrders(url, token, 16, 0, () => false);
    await new Promise((r) => setTimeout(r, 500));
    killGroup(running, "SIGKILL");
    await exited(running);
    const during = await load;
    const next = npmStart(all, sources ? "sources" : "build");
    const ms = await untilReady(url, next);
    // Nothing acknowledged before the kill is lost.
    const token2 = await clientToken(url);
    const lost: string[] = [];
    for (const orderNumber of during.acknowledged) {
      const r = await fetch(`${url}/resources/actors/order/${encodeURIComponent(orderNumber)}`, {
        headers: { Authorization: `Bearer ${token2}` },
      });
      if (r.status !== 200) lost.push(orderNumber);
    }
    if (lost.length)
      throw new Error(
        `${engine}: ${lost.length} acknowledged orders missing after the kill: ${lost.slice(0, 5).join(", ")}`,
      );
    return { next, ms, during };
  };
  const { next: second, ms: afterKill, during } = await killAndRestart(first, false);
  const tsx = await killAndRestart(second, true);
  killGroup(tsx.next, "SIGTERM");
  await exited(tsx.next);

  const third = npmStart(all);
  const afterStop = await untilReady(url, third);
  killGroup(third, "SIGTERM");
  await exited(third);
  const fourth = npmStart(all, "modules");
  const unbundled = await untilReady(url, fourth);
  killGroup(fourth, "SIGTERM");
  await exited(fourth);

  const events = filled.events + during.events + tsx.during.events;
  const goal = engine === "PostgreSQL" ? 1000 : 5000;
  return [
    {
      suite: "failover",
      metric: `${engine}: npm start after kill -9 → /readyz 200`,
      value: afterKill,
      unit: "ms",
      note:
        `${events.toLocaleString("en")} events in the store, ${during.acknowledged.length} orders acknowledged ` +
        `under load before the kill, none lost; ${startupOf(second)}; goal <= ${goal} ms`,
    },
    {
      suite: "failover",
      metric: `${engine}: the sources through tsx (npm start before the build) after kill -9 → /readyz 200 (baseline)`,
      value: tsx.ms,
      unit: "ms",
      note:
        `the same store; ${tsx.during.acknowledged.length} orders acknowledged before this kill, none lost; ` +
        startupOf(tsx.next),
    },
    {
      suite: "failover",
      metric: `${engine}: npm start after SIGTERM → /readyz 200 (baseline)`,
      value: afterStop,
      unit: "ms",
      note: `same data; ${startupOf(third)}`,
    },
    {
      suite: "failover",
      metric: `${engine}: the compiled modules unbundled (dist/main.js) after SIGTERM → /readyz 200 (baseline)`,
      value: unbundled,
      unit: "ms",
      note: `same data; ${startupOf(fourth)}`,
    },
    {
      suite: "failover",
      metric: `${engine}: npm start after SIGTERM, empty store (baseline)`,
      value: emptyRestart,
      unit: "ms",
      note: `startup work does not grow with the data; ${startupOf(first)}`,
    },
  ];
};

const suite: BenchSuite = {
  name: "failover",
  async run(ctx) {
    const schema = `bench_fo_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: ctx.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    const dataDir = mkdtempSync(join(tmpdir(), "bench-failover-"));
    try {
      const postgres = await measure("PostgreSQL", { DATABASE_URL: schemaUrl(ctx.databaseUrl, schema).toString() });
      process.stderr.write(`${JSON.stringify(postgres)}\n`);
      return [...postgres, ...(await measure("embedded", { DATABASE_URL: "", DATA_DIR: dataDir }))];
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default suite;
