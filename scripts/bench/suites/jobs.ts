import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Cron } from "croner";
import { checkScheduleForBench, nextOccurrencesForBench } from "@platform/jobs/testing";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { BENCH_CLIENT, clientToken, startService } from "../service.ts";

/** A mixed set: plain, steps, names, L/W/#, AND, DST zones, a Windows id. */
const MIX = [
  { cron: "*/5 * * * *" },
  { cron: "0 3 * * *", timeZone: "Europe/Berlin" },
  { cron: "30 2 * * *", timeZone: "America/New_York" },
  { cron: "0 9-17/2 * * MON-FRI", timeZone: "Asia/Kolkata" },
  { cron: "0 0 L * *" },
  { cron: "0 6 15W * *", timeZone: "Australia/Sydney" },
  { cron: "0 18 * * 5#3", timeZone: "W. Europe Standard Time" },
  { cron: "0 3 1 * 1" },
  { cron: "15 4 * JAN,JUL *", timeZone: "Eastern Standard Time" },
  { cron: "0 0 29 2 *" },
];
const IANA: Record<string, string> = {
  "W. Europe Standard Time": "Europe/Berlin",
  "Eastern Standard Time": "America/New_York",
};

const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.95)]!;

const perSecond = (ms: number, fn: (i: number) => void) => {
  const end = Date.now() + ms;
  let n = 0;
  const t0 = process.hrtime.bigint();
  while (Date.now() < end) for (let k = 0; k < 100; k++) fn(n++);
  return n / (Number(process.hrtime.bigint() - t0) / 1e9);
};

/** An app whose manifest brings one definition with 4 schedules in 4 zones (one a Windows id). */
const writeApp = (): string => {
  const root = mkdtempSync(join(tmpdir(), "bench-jobs-"));
  mkdirSync(join(root, "bench", "components"), { recursive: true });
  writeFileSync(
    join(root, "bench", "components", "main.js"),
    "export const parameters = {};\nexport default async function run() { return 1; }\n",
  );
  const schedules = [MIX[1], MIX[2], MIX[3], MIX[6]];
  writeFileSync(
    join(root, "bench", "manifest.json"),
    JSON.stringify({
      id: "bench",
      name: "Bench",
      components: [{ id: "main" }],
      jobDefinitions: [{ id: "mixed", componentId: "main", schedules }],
    }),
  );
  return root;
};

const sequential = async (n: number, fn: () => Promise<void>) => {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return samples;
};

/**
 * Cron: the next occurrence of a mixed set of schedules per second through the jobs context's
 * evaluator, beside croner's own nextRun on the same prepared patterns (the library's cost)
 * in the same run; and GET /resources/job-definitions/{id}?occurrences=100 against the real
 * service on PostgreSQL (one request at a time), beside the same GET without occurrences.
 */
const suite: BenchSuite = {
  name: "jobs",
  async run(ctx) {
    const rows: BenchRow[] = [];
    const row = (metric: string, value: number, unit: string, note?: string) =>
      rows.push({ suite: "jobs", metric, value, unit, ...(note ? { note } : {}) });
    const start = Date.parse("2026-01-01T00:00:00Z");
    const at = (i: number) => new Date(start + (i % 100_000) * 7_919_000);

    const raw = MIX.map(
      (s) =>
        new Cron(s.cron, {
          timezone: IANA[s.timeZone ?? ""] ?? s.timeZone ?? "UTC",
          mode: "5-part",
          domAndDow: true,
          fixedTimeRule: "no-wildcard",
          paused: true,
        }),
    );
    const compiled = MIX.map((s) => checkScheduleForBench(s, at(0)));
    // `after` jumps ~3 months a call: the evaluator's memo of computed occurrences never helps here.
    const croner = (i: number) => void raw[i % raw.length]!.nextRun(at(i));
    const ours = (i: number) => void nextOccurrencesForBench([compiled[i % compiled.length]!], at(i), 1);
    perSecond(500, croner);
    perSecond(500, ours);
    const baseline = perSecond(2000, croner);
    const cold = perSecond(2000, ours);
    row(
      "croner nextRun, prepared patterns (10 expressions, 7 zones)",
      baseline,
      "ops/s",
      "the baseline of the next row",
    );
    row(
      "next occurrence through the jobs evaluator, memo cold",
      cold,
      "ops/s",
      `${((cold / baseline) * 100).toFixed(0)}% of croner alone (UTC goes by croner's offset arithmetic)`,
    );
    const four = [1, 2, 3, 6].map((k) => compiled[k]!);
    const hundredCold = Array.from({ length: 200 }, (_, i) => {
      const t0 = process.hrtime.bigint();
      nextOccurrencesForBench(four, new Date(start + i * 400 * 86_400_000), 100);
      return Number(process.hrtime.bigint() - t0) / 1e6;
    });
    row(
      "100 occurrences over 4 zoned schedules, memo cold (in process)",
      p95(hundredCold),
      "ms p95",
      "the first GET …?occurrences=100 of a schedule pays this once",
    );

    const root = writeApp();
    const svc = await startService(ctx.databaseUrl, { ...BENCH_CLIENT, APPS_DIR: root });
    try {
      const token = await clientToken(svc.url);
      const get = (query: string) => async () => {
        const r = await fetch(`${svc.url}/resources/job-definitions/apps/bench/mixed${query}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        if (r.status !== 200) throw new Error(`GET: ${r.status} ${await r.text()}`);
        await r.arrayBuffer();
      };
      await sequential(200, get("?occurrences=100"));
      const plain = await sequential(1000, get(""));
      const hundred = await sequential(1000, get("?occurrences=100"));
      row("GET /resources/job-definitions/{id}, one at a time", p95(plain), "ms p95", "the baseline of the next row");
      row(
        "GET …?occurrences=100 (4 schedules, 4 zones)",
        p95(hundred),
        "ms p95",
        `goal < 5 ms; +${(p95(hundred) - p95(plain)).toFixed(2)} ms over the plain GET`,
      );
    } finally {
      await svc.stop();
      rmSync(root, { recursive: true, force: true });
    }
    return rows;
  },
};

export default suite;
