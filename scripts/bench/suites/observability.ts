import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { BENCH_CLIENT, load, startService } from "../service.ts";
import { loadOrderCreates } from "./orders.ts";

/**
 * An OTLP/HTTP endpoint that takes every export and keeps nothing (what tracing costs the service, not a collector).
 */
const startSink = async () => {
  let exports = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      exports++;
      res.writeHead(200, { "Content-Type": "application/x-protobuf" }).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports: () => exports,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

type Variant = { readonly name: string; readonly env: (sink: string) => Record<string, string> };
const VARIANTS: readonly Variant[] = [
  { name: "metrics off", env: () => ({ METRICS_ENABLED: "false" }) },
  { name: "metrics on (default)", env: () => ({}) },
  { name: "metrics on, tracing on", env: (sink) => ({ OTEL_EXPORTER_OTLP_ENDPOINT: sink }) },
  {
    name: "metrics on, tracing 10% sampled",
    env: (sink) => ({
      OTEL_EXPORTER_OTLP_ENDPOINT: sink,
      OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
      OTEL_TRACES_SAMPLER_ARG: "0.1",
    }),
  },
];
const ROUNDS = 2;

/**
 * Order creates (POST /resources/actors/order/new, 32 connections, on PostgreSQL) with metrics
 * off, on (the default) and with tracing exported over OTLP (http/protobuf) to a sink, every
 * trace sampled and one in ten: each variant a fresh service, the variants taken in turn twice, the second time
 * in reverse, so that drift of the machine falls on each alike. Then a /metrics scrape's time.
 */
const suite: BenchSuite = {
  name: "observability",
  async run(ctx) {
    const sink = await startSink();
    const rates = new Map<string, number[]>(VARIANTS.map((v) => [v.name, []]));
    const p99s = new Map<string, number[]>(VARIANTS.map((v) => [v.name, []]));
    let scrape: { perSecond: number; p50: number; p99: number } | undefined;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        // Reversed every other round: a variant's place in the round (after a fresh schema, say) falls on each alike.
        for (const variant of round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()) {
          const svc = await startService(ctx.databaseUrl, { ...BENCH_CLIENT, ...variant.env(sink.url) });
          try {
            const r = await loadOrderCreates(svc.url, ctx.seconds);
            rates.get(variant.name)!.push(r.perSecond);
            p99s.get(variant.name)!.push(r.p99);
            if (round === 0 && variant.name === "metrics on (default)") {
              scrape = await load({
                url: `${svc.url}/metrics`,
                method: "GET",
                seconds: Math.min(ctx.seconds, 3),
                connections: 1,
              });
            }
          } finally {
            await svc.stop();
          }
        }
      }
    } finally {
      await sink.close();
    }
    const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const off = mean(rates.get("metrics off")!);
    const rows: BenchRow[] = VARIANTS.map((v) => {
      const rate = mean(rates.get(v.name)!);
      const change =
        v.name === "metrics off" ? "baseline" : `${(((rate - off) / off) * 100).toFixed(1)}% vs metrics off`;
      return {
        suite: "observability",
        metric: `order creates, ${v.name}, 32 conns (mean of ${ROUNDS})`,
        value: rate,
        unit: "req/s",
        note:
          `${change}; p99 ${mean(p99s.get(v.name)!).toFixed(0)} ms` +
          (v.name === "metrics on (default)" ? "; goal within 5% of off" : ""),
      };
    });
    if (scrape)
      rows.push({
        suite: "observability",
        metric: "GET /metrics (the whole exposition), 1 conn",
        value: scrape.perSecond,
        unit: "req/s",
        note: `p50 ${scrape.p50} ms, p99 ${scrape.p99} ms`,
      });
    rows.push({
      suite: "observability",
      metric: "OTLP exports received by the sink",
      value: sink.exports(),
      unit: "requests",
    });
    return rows;
  },
};

export default suite;
