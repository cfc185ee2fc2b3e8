import { sendingsContext } from "@platform/sendings";
import { parseFilter } from "@platform/graph";
import { parseAndCompileForBench } from "@platform/graph/testing";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { percentiles } from "../harness.ts";
import { BENCH_CLIENT, clientToken, load, startService } from "../service.ts";

const FILTER =
  'status == "pending" and createdAt > "2026-01-01T00:00:00Z" and (category in ["bench", ' +
  '"news"] or retryCount >= 2) and not (recipient endsWith "@example.org")';

/**
 * Microseconds per call of `fn`, each call timed on its own after a warm-up, in five rounds of
 * `n`: the round with the median p99 is reported (one round can land on this VM's noise).
 */
const timeEach = (n: number, fn: () => unknown) => {
  for (let i = 0; i < 2000; i++) fn();
  const rounds = Array.from({ length: 5 }, () => {
    const samples: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = process.hrtime.bigint();
      fn();
      samples.push(Number(process.hrtime.bigint() - t0) / 1000);
    }
    return percentiles(samples);
  });
  return rounds.sort((a, b) => a.p99 - b.p99)[2]!;
};

/**
 * The graph query API: parse and compile of a filter (down to SQL text and parameters) beside
 * JSON.parse of the same filter written as its syntax tree; and graph queries per second of a
 * filtered, counted page of sendings beside the REST list of the same rows, in the same run.
 */
const suite: BenchSuite = {
  name: "graph",
  async run(ctx) {
    const edge = sendingsContext.graphEdges!.find((e) => e.edge === "sendings")!;
    const astJson = JSON.stringify(parseFilter(FILTER));
    const compile = timeEach(10_000, () => parseAndCompileForBench(edge, FILTER));
    const json = timeEach(10_000, () => JSON.parse(astJson));

    const service = await startService(ctx.databaseUrl, { ...BENCH_CLIENT });
    let rest, graph;
    try {
      const token = await clientToken(service.url);
      const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
      // 2,000 pending sendings (no SMTP_URL): 40 requests of 50 recipients, half in the bench category.
      for (let i = 0; i < 40; i++) {
        const to = Array.from({ length: 50 }, (_, j) => `u${i}-${j}@bench.test`).join(", ");
        const r = await fetch(`${service.url}/resources/sendings/email`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            to,
            subject: "Bench",
            body: { plainText: "hi" },
            category: i % 2 ? "bench" : "other",
          }),
        });
        if (r.status !== 202) throw new Error(`seeding sendings: ${r.status} ${await r.text()}`);
      }
      rest = await load({
        url: `${service.url}/resources/sendings?limit=50&category=bench`,
        seconds: ctx.seconds,
        headers,
      });
      const body = JSON.stringify([
        { edge: "sendings", alias: "s", filter: 'category == "bench"', limit: 50, count: true },
      ]);
      graph = await load({
        url: `${service.url}/resources/graph/query`,
        seconds: ctx.seconds,
        method: "POST",
        headers,
        body,
      });
    } finally {
      await service.stop();
    }
    const rows: BenchRow[] = [
      {
        suite: "graph",
        metric: "parse + compile of a 5-condition filter (to SQL), p99 (median of 5 rounds)",
        value: compile.p99,
        unit: "µs",
        note: `p50 ${compile.p50.toFixed(1)} µs; JSON.parse of its syntax tree p99 ${json.p99.toFixed(1)} µs`,
      },
      {
        suite: "graph",
        metric: "GET /resources/sendings?category=bench (50 per page, 1,000 of 2,000 match)",
        value: rest.perSecond,
        unit: "req/s",
        note: `p99 ${rest.p99} ms, non-2xx ${rest.non2xx}`,
      },
      {
        suite: "graph",
        metric: 'POST /resources/graph/query sendings `category == "bench"`, 50 + count',
        value: graph.perSecond,
        unit: "req/s",
        note:
          `${((graph.perSecond / rest.perSecond) * 100).toFixed(0)}% of the REST list; ` +
          `p99 ${graph.p99} ms, non-2xx ${graph.non2xx}`,
      },
    ];
    return rows;
  },
};

export default suite;
