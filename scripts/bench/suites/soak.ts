import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { BENCH_CLIENT, apiCaller, clientToken, startService } from "../service.ts";
import { createOrder } from "./orders.ts";
import { rssSvg } from "../soak-chart.ts";

/** SOAK_MINUTES: how long each engine is soaked (default 30). */
const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
/** The engines soaked: SOAK_ENGINES="postgres,embedded" (default both). */
const ENGINES = (process.env.SOAK_ENGINES ?? "postgres,embedded")
  .split(",")
  .map((e) => e.trim())
  .filter((e): e is "postgres" | "embedded" => e === "postgres" || e === "embedded");
/** Concurrent request loops of the mixed load. */
const LOOPS = 8;
const SAMPLE_MS = 10_000;

/**
 * An APPS_DIR with the app `soak`: an ingress whose component creates an order, and a no-op job definition run every
 * minute.
 */
const writeApp = (): string => {
  const root = mkdtempSync(join(tmpdir(), "bench-soak-"));
  mkdirSync(join(root, "soak", "components"), { recursive: true });
  writeFileSync(
    join(root, "soak", "components", "order.js"),
    'export const parameters = { order: { type: "object" } };\nexport default async function ' +
      'run(params, ctx) {\n  const r = await ctx.messageActor("order", "new", [{ type: "create", ' +
      "body: params.order }]);\n  return { orderId: r.actor.id };\n}\n",
  );
  writeFileSync(
    join(root, "soak", "components", "noop.js"),
    "export const parameters = {};\nexport default async function run() { return null; }\n",
  );
  const manifest = {
    id: "soak",
    name: "Soak",
    components: [{ id: "order" }, { id: "noop" }],
    ingresses: [
      {
        id: "order",
        componentId: "order",
        acl: ["actors/order:create"],
        type: "http",
        properties: { route: "soak/order", httpMethod: "POST", body: { mode: "structured" }, isPublic: true },
      },
    ],
    jobDefinitions: [{ id: "noop", componentId: "noop", schedules: [{ cron: "* * * * *", timeZone: "UTC" }] }],
  };
  writeFileSync(join(root, "soak", "manifest.json"), JSON.stringify(manifest));
  return root;
};

/** The least-squares slope of RSS over time, in MiB per 10 minutes: how fast it still grows. */
const slopePer10Minutes = (samples: readonly Sample[]): number => {
  const n = samples.length;
  if (n < 2) return NaN;
  const mx = samples.reduce((a, s) => a + s.minute, 0) / n;
  const my = samples.reduce((a, s) => a + s.rss, 0) / n;
  const cov = samples.reduce((a, s) => a + (s.minute - mx) * (s.rss - my), 0);
  const varx = samples.reduce((a, s) => a + (s.minute - mx) ** 2, 0);
  return (cov / varx) * 10;
};

/**
 * One sample: the process's RSS, and of it V8's heap and the memory outside it (WebAssembly memories, buffers), all
 * MiB.
 */
type Sample = { minute: number; rss: number; heap?: number; external?: number };

/** V8's heap and external memory of the main thread, from the service's own /metrics. */
const heapOf = async (url: string): Promise<{ heap?: number; external?: number }> => {
  const text = await fetch(`${url}/metrics`).then(
    (r) => r.text(),
    () => "",
  );
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1]) / 2 ** 20;
  return { heap: read("nodejs_heap_size_total_bytes"), external: read("nodejs_external_memory_bytes") };
};

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) / 1024;

/**
 * One engine: the built service (as `npm start`) idle for half a minute, then `MINUTES` of a
 * mixed load on `LOOPS` loops (in turn: an order create, a read of it, a list of orders, an
 * order created by an ingress's component, a job run at once; a scheduled job every minute),
 * its RSS sampled every 10 s. Flat means: the last sample is within a few MiB of the one at
 * minute 2, and the peak is not far above either.
 */
const soak = async (databaseUrl: string, engine: "postgres" | "embedded") => {
  const apps = writeApp();
  const svc = await startService(databaseUrl, { ...BENCH_CLIENT, APPS_DIR: apps }, { engine });
  try {
    await new Promise((r) => setTimeout(r, 30_000));
    const idle = rssMiB(svc.pid);
    const token = await clientToken(svc.url);
    const api = apiCaller(svc.url, token);
    const samples: Sample[] = [{ minute: 0, rss: idle, ...(await heapOf(svc.url)) }];
    const started = Date.now();
    const deadline = started + MINUTES * 60_000;
    const sampler = setInterval(() => {
      const minute = (Date.now() - started) / 60_000;
      const rss = rssMiB(svc.pid);
      void heapOf(svc.url).then((heap) => samples.push({ minute, rss, ...heap }));
    }, SAMPLE_MS);
    let requests = 0;
    try {
      await Promise.all(
        Array.from({ length: LOOPS }, async () => {
          while (Date.now() < deadline) {
            const created = (await api("POST", "/resources/actors/order/new", createOrder())) as {
              actor: { id: string };
            };
            await api("GET", `/resources/actors/order/${created.actor.id}`);
            await api("GET", "/resources/orders?limit=10");
            const r = await fetch(`${svc.url}/ingress/soak/order`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ order: createOrder()[0]!.body }),
            });
            if (r.status !== 200) throw new Error(`ingress: ${r.status} ${await r.text()}`);
            await api("POST", "/resources/jobs", { jobDefinitionId: "apps/soak/noop", parameters: {} });
            requests += 5;
          }
        }),
      );
    } finally {
      clearInterval(sampler);
    }
    samples.push({ minute: MINUTES, rss: rssMiB(svc.pid), ...(await heapOf(svc.url)) });
    samples.sort((a, b) => a.minute - b.minute);
    const at = (minute: number) => samples.find((s) => s.minute >= minute)?.rss ?? NaN;
    return {
      samples,
      idle,
      peak: svc.peakRssMiB(),
      atTwo: at(2),
      last: samples.at(-1)!.rss,
      slope: slopePer10Minutes(samples.filter((s) => s.minute >= Math.min(5, MINUTES / 2))),
      perSecond: requests / (MINUTES * 60),
    };
  } finally {
    await svc.stop();
    rmSync(apps, { recursive: true, force: true });
  }
};

const suite: BenchSuite = {
  name: "soak",
  onlyWhenNamed: true,
  async run(ctx) {
    const rows: BenchRow[] = [];
    const curves: Record<string, Sample[]> = {};
    for (const engine of ENGINES) {
      const r = await soak(ctx.databaseUrl, engine);
      curves[engine] = r.samples;
      const row = (metric: string, value: number, note?: string) =>
        rows.push({ suite: "soak", metric: `${engine}: ${metric}`, value, unit: "MiB", ...(note ? { note } : {}) });
      row(
        "idle RSS, 30 s after the start (the baseline)",
        r.idle,
        `with the app's component threads started; goal < ${engine === "embedded" ? 300 : 200} MiB`,
      );
      row("RSS at minute 2 of the load", r.atTwo);
      row(
        `RSS at minute ${MINUTES}`,
        r.last,
        `${(r.last - r.atTwo).toFixed(1)} MiB since minute 2; ${Math.round(r.perSecond)} req/s on ${LOOPS} loops`,
      );
      rows.push({
        suite: "soak",
        metric: `${engine}: RSS trend from minute ${Math.min(5, MINUTES / 2)} (least squares)`,
        value: r.slope,
        unit: "MiB per 10 min",
        note: "flat: near 0",
      });
      row(`peak RSS over ${MINUTES} minutes`, r.peak, "goal: flat after the first minutes");
      const minutes = Array.from({ length: MINUTES + 1 }, (_, m) => {
        const s = r.samples.find((x) => x.minute >= m) ?? r.samples.at(-1)!;
        const heap = Math.round(s.heap ?? NaN);
        return `${m}: ${Math.round(s.rss)} (heap ${heap}, external ${Math.round(s.external ?? NaN)})`;
      });
      process.stderr.write(`soak ${engine}, MiB by minute: ${minutes.join(", ")}\n`);
    }
    // Per engine set, so that two soaks may run side by side.
    const name = `bench-results/soak-${ENGINES.join("-")}`;
    mkdirSync("bench-results", { recursive: true });
    writeFileSync(`${name}.json`, `${JSON.stringify({ minutes: MINUTES, curves })}\n`);
    writeFileSync(`${name}.svg`, rssSvg(curves, MINUTES));
    process.stderr.write(`the RSS curves: ${name}.svg (samples in ${name}.json)\n`);
    return rows;
  },
};

export default suite;
