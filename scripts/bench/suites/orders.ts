import { randomUUID } from "node:crypto";
import pg from "pg";
import { bootPlatform, createLogger, loadConfig } from "@platform/host";
import { ordersContext } from "@platform/orders";
import { staticAuthContext } from "@platform/http/testing";
import { sampleOrderCommands } from "@platform/orders/testing";
import { newId } from "@platform/kernel";
import type { BenchSuite } from "../harness.ts";
import { BENCH_CLIENT, baselineTxPerSecond, clientToken, load, startService } from "../service.ts";

let seq = 0;
/** A create holding 4 commands: a delivery, its address, a line and the line's tax. */
export const createOrder = () => {
  const deliveryId = randomUUID();
  return [
    {
      type: "create",
      body: {
        orderNumber: `B-${process.pid}-${Date.now()}-${seq++}`,
        createdAt: new Date().toISOString(),
        currencyCode: "SEK",
        taxIncluded: true,
        commands: [
          ...sampleOrderCommands(deliveryId),
          { type: "setOrderLineTax", orderLineId: "line-1", salesTax: 39.8 },
        ],
      },
    },
  ];
};

/** Order creates at 32 connections for `seconds` against a service started with BENCH_CLIENT; throws on any refusal. */
export const loadOrderCreates = async (url: string, seconds: number) => {
  const token = await clientToken(url);
  const r = await load({
    url: `${url}/resources/actors/order/new`,
    method: "POST",
    seconds,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: () => JSON.stringify(createOrder()),
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`order creates: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r;
};

const REPLAY_EVENTS = 100_000;

/**
 * How far the orders list trailed the journal during the load, from the rows themselves:
 * `updated_at` is the time of an order's last batch (taken when its commands were decided),
 * `projected_at` that of the transaction that wrote its row. The same measure whether the row
 * is written inline (in the append's transaction) or by a follower.
 */
const readModelLag = async (databaseUrl: string, schema: string) => {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ p50: number; p99: number; rows: number }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99, count(*)::int AS rows
         FROM (SELECT extract(epoch FROM projected_at - updated_at) * 1000 AS ms
                 FROM "${schema}".orders_orders) AS lag`,
    );
    return { p50: Number(rows[0]!.p50), p99: Number(rows[0]!.p99), rows: rows[0]!.rows };
  } finally {
    await db.end();
  }
};

/**
 * POST /resources/actors/order/new (a create with 4 commands) at 32 connections against the
 * real service on PostgreSQL, with the orders list's lag behind the journal; then a rebuild
 * of the orders read model from 100,000 events, in process.
 */
const suite: BenchSuite = {
  name: "orders",
  async run(ctx) {
    const rows = [];
    const svc = await startService(ctx.databaseUrl, { ...BENCH_CLIENT });
    try {
      const r = await loadOrderCreates(svc.url, ctx.seconds);
      const lag = await readModelLag(ctx.databaseUrl, svc.schema);
      const baseline = baselineTxPerSecond(ctx.results);
      rows.push(
        {
          suite: "orders",
          metric: "POST /resources/actors/order/new (create + 4 commands), 32 conns",
          value: r.perSecond,
          unit: "req/s",
          note: `p50 ${r.p50} ms, p99 ${r.p99} ms (goal p99 <= 50 ms)`,
        },
        ...(baseline
          ? [
              {
                suite: "orders",
                metric: "order creates / raw-SQL baseline",
                value: (r.perSecond / baseline) * 100,
                unit: "%",
                note: "goal >= 35%",
              },
            ]
          : []),
        {
          suite: "orders",
          metric: "projection lag (batch → its orders row written), p99",
          value: lag.p99,
          unit: "ms",
          note: `p50 ${lag.p50.toFixed(1)} ms over ${lag.rows} orders; goal <= 100 ms`,
        },
        { suite: "orders", metric: "service peak RSS", value: svc.peakRssMiB(), unit: "MiB" },
      );
    } finally {
      await svc.stop();
    }

    // Rebuild: 100,000 events through the orders projection, in this process.
    const db = await ctx.freshDatabase(12);
    const platform = await bootPlatform({
      config: loadConfig({ LOG_LEVEL: "silent" }),
      // No caller here, but orders' routes declare they require an authenticator: a stand-in with no tokens.
      contexts: [staticAuthContext({}), ordersContext],
      log: createLogger("silent"),
      db,
    });
    const who = { requestId: "bench" };
    platform.followers.start();
    let events = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (events < REPLAY_EVENTS) {
          const body = createOrder()[0]!.body;
          const commands = platform.runtime.commandsFor(
            "order",
            "create",
            body,
            platform.runtime.definition("order").decider.initialState(),
          );
          // Await first: `events += await …` would read `events` before the await and lose
          // the other writers' progress.
          const written = await platform.runtime.execute("order", newId(), commands, who, { existence: "new" });
          events += written.events.length;
        }
      }),
    );
    await platform.followers.stop();
    const t0 = performance.now();
    const replayed = await platform.followers.rebuild("orders");
    const seconds = (performance.now() - t0) / 1000;
    await platform.close();
    rows.push({
      suite: "orders",
      metric: `rebuild orders read model from ${replayed.toLocaleString("en")} events`,
      value: replayed / seconds,
      unit: "events/s",
      note: `${seconds.toFixed(1)} s; goal >= 10,000/s`,
    });
    return rows;
  },
};

export default suite;
