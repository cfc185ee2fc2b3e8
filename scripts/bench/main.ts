import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import type { BenchRow, BenchSuite } from "./harness.ts";
import { createBenchContext, peakRssMiB } from "./harness.ts";

/**
 * `npm run bench [-- suite…]`: runs every suite in ./suites (event-store first: its raw-SQL
 * baseline is the yardstick of the others) against real PostgreSQL, prints a table and
 * writes bench-results/latest.json. BENCH_SECONDS sets each measured run's length.
 */
const here = dirname(fileURLToPath(import.meta.url));
const databaseUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const only = process.argv.slice(2).filter((a) => !a.startsWith("-"));

const files = readdirSync(join(here, "suites"))
  .filter((f) => f.endsWith(".ts"))
  .sort((a, b) => (a === "event-store.ts" ? -1 : b === "event-store.ts" ? 1 : a.localeCompare(b)));

const table = (rows: readonly BenchRow[]) => {
  const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
  const lines = rows.map((r) => [r.suite, r.metric, `${fmt(r.value)} ${r.unit}`, r.note ?? ""]);
  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(...lines.map((l) => l[i]!.length), ["suite", "metric", "value", "note"][i]!.length),
  );
  const row = (l: string[]) => `| ${l.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [
    row(["suite", "metric", "value", "note"]),
    `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`,
    ...lines.map(row),
  ].join("\n");
};
/**
 * Each suite starts on a quiet server: the previous suite's writes (100,000 principals, say)
 * flushed by a CHECKPOINT and vacuumed, so their background work does not land in the next
 * suite's measurement.
 */
const settle = async (url: string) => {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    // Best effort: CHECKPOINT needs a superuser (or pg_checkpoint); the bench still runs without.
    await db.query("CHECKPOINT").catch(() => undefined);
    await db.query("VACUUM (ANALYZE)").catch(() => undefined);
  } finally {
    await db.end();
  }
};

const { ctx, cleanup } = createBenchContext(databaseUrl, seconds);
try {
  for (const f of files) {
    const suite = ((await import(pathToFileURL(join(here, "suites", f)).href)) as { default: BenchSuite }).default;
    if (only.length ? !only.includes(suite.name) : suite.onlyWhenNamed) continue;
    process.stderr.write(`running ${suite.name}…\n`);
    await settle(databaseUrl);
    const rows = await suite.run(ctx);
    ctx.results.push(...rows);
    process.stderr.write(`${table(rows)}\n`);
  }
  ctx.results.push({
    suite: "process",
    metric: "bench process peak RSS",
    value: peakRssMiB(),
    unit: "MiB",
    note: "in-process suites run the service's code here",
  });
} finally {
  await cleanup();
}

console.log(table(ctx.results));
mkdirSync("bench-results", { recursive: true });
const out = {
  at: new Date().toISOString(),
  node: process.version,
  cpus: (await import("node:os")).cpus().length,
  seconds,
  results: ctx.results,
};
writeFileSync("bench-results/latest.json", `${JSON.stringify(out, null, 2)}\n`);
console.log("\nwritten to bench-results/latest.json");
process.exit(0);
