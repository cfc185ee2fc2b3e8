import { randomBytes } from "node:crypto";
import { startWebhookReceiver } from "@platform/subscriptions/testing";
import type { BenchSuite } from "../harness.ts";
import { percentiles } from "../harness.ts";
import { BENCH_CLIENT, apiCaller, clientToken, load, startService } from "../service.ts";

const PACED_PER_SECOND = 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Outbound events through the real service (`npm start`'s gateway and worker in one process):
 * orders created over REST, one subscription on OrderCreated, and a receiver in the bench
 * process that verifies every signature with standardwebhooks. The append rate with no
 * subscription is the baseline; then the append rate with the subscription delivering, the
 * rate that burst reaches the receiver; then appends paced at 250 and at 500 events/s and the
 * delay from each append (the event's `at`) to its arrival.
 */
const suite: BenchSuite = {
  name: "subscriptions",
  async run(ctx) {
    const receiver = await startWebhookReceiver();
    const service = await startService(ctx.databaseUrl, { ...BENCH_CLIENT, OUTBOUND_ALLOW_PRIVATE: "true" });
    try {
      const token = await clientToken(service.url);
      const api = apiCaller(service.url, token);
      const run = randomBytes(3).toString("hex");
      let n = 0;
      const order = () =>
        JSON.stringify([
          {
            type: "create",
            body: {
              orderNumber: `B-${run}-${n++}`,
              createdAt: "2026-03-01T12:00:00Z",
              currencyCode: "SEK",
              taxIncluded: true,
            },
          },
        ]);
      const burst = () =>
        load({
          url: `${service.url}/resources/actors/order/new`,
          seconds: ctx.seconds,
          connections: 16,
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: order,
        });
      const arrived = () => receiver.for("bench").length;
      const waitForArrivals = async (count: number, timeoutMs = 120_000) => {
        const deadline = Date.now() + timeoutMs;
        while (arrived() < count && Date.now() < deadline) await sleep(5);
        if (arrived() < count) throw new Error(`only ${arrived()} of ${count} deliveries arrived`);
      };

      const baseline = await burst();
      const orders = async () =>
        Number(((await api("GET", "/resources/orders?limit=1")) as { totalCount: number }).totalCount);
      const ordersBefore = await orders();

      const created = await api("PUT", "/resources/subscriptions/bench", {
        url: receiver.url("bench"),
        eventTypes: ["OrderCreated"],
      });
      receiver.trust("bench", created.secret as string);
      const started = Date.now();
      const withSubscription = await burst();
      const burstEnd = Date.now();
      const total = (await orders()) - ordersBefore;
      await waitForArrivals(total);
      const lastAt = receiver.for("bench").at(-1)!.at;
      const drained = (lastAt - started) / 1000;

      // Paced: creates at a fixed rate from one timer, each on its own request; the delay of each event from its append
      // (`at`) to its arrival.
      const paced = async (perSecond: number) => {
        const before = arrived();
        const count = perSecond * ctx.seconds;
        const pacedStart = Date.now();
        const pending: Promise<unknown>[] = [];
        for (let i = 0; i < count; i++) {
          const due = pacedStart + (i * 1000) / perSecond;
          if (due > Date.now()) await sleep(due - Date.now());
          pending.push(
            fetch(`${service.url}/resources/actors/order/new`, {
              method: "POST",
              headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
              body: order(),
            }).then((r) => r.arrayBuffer()),
          );
        }
        await Promise.all(pending);
        const rate = count / ((Date.now() - pacedStart) / 1000);
        await waitForArrivals(before + count);
        return {
          rate,
          ...percentiles(
            receiver
              .for("bench")
              .slice(before)
              .map((r) => r.at - Date.parse(r.payload.at)),
          ),
        };
      };
      const half = await paced(PACED_PER_SECOND / 2);
      const delay = await paced(PACED_PER_SECOND);
      const refused = receiver.requests("bench").length - arrived();
      return [
        {
          suite: "subscriptions",
          metric: "POST order create (1 event), no subscription: baseline",
          value: baseline.perSecond,
          unit: "events/s",
          note: `16 connections, p99 ${baseline.p99} ms`,
        },
        {
          suite: "subscriptions",
          metric: "POST order create with one subscription delivering",
          value: withSubscription.perSecond,
          unit: "events/s",
          note: `16 connections, p99 ${withSubscription.p99} ms`,
        },
        {
          suite: "subscriptions",
          metric: "deliveries of that burst to a local receiver",
          value: total / drained,
          unit: "events/s",
          note: `${total} events, the last ${((lastAt - burstEnd) / 1000).toFixed(1)} s after the burst ended`,
        },
        {
          suite: "subscriptions",
          metric: `append → delivery delay p99 at ${PACED_PER_SECOND / 2} events/s`,
          value: half.p99,
          unit: "ms",
          note: `p50 ${half.p50} ms, p95 ${half.p95} ms, paced at ${half.rate.toFixed(0)}/s`,
        },
        {
          suite: "subscriptions",
          metric: `append → delivery delay p99 at ${PACED_PER_SECOND} events/s`,
          value: delay.p99,
          unit: "ms",
          note:
            `p50 ${delay.p50} ms, p95 ${delay.p95} ms, paced at ${delay.rate.toFixed(0)}/s; ` +
            `${refused} non-2xx in the run`,
        },
        { suite: "subscriptions", metric: "service peak RSS", value: service.peakRssMiB(), unit: "MiB" },
      ];
    } finally {
      await service.stop();
      await receiver.close();
    }
  },
};

export default suite;
