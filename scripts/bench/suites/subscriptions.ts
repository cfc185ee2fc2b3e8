import { randomBytes } from "node:crypto";
import type { BenchSuite } from "../harness.ts";
import { percentiles } from "../harness.ts";
import { startReceiverProcess } from "../receiver-process.ts";
import type { RunningService } from "../service.ts";
import { BENCH_CLIENT, apiCaller, clientToken, load, startService } from "../service.ts";

const PACED_PER_SECOND = 500;
const ENV = { ...BENCH_CLIENT, OUTBOUND_ALLOW_PRIVATE: "true" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Receiver = Awaited<ReturnType<typeof startReceiverProcess>>;

/** A one-event order create batch, numbered apart from every other run's. */
const orderBodies = () => {
  const run = randomBytes(3).toString("hex");
  let n = 0;
  return () =>
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
};

/** Waits until `count` deliveries to `/<name>` arrived; when the last did, as the bench saw it (within 10 ms). */
const waitForArrivals = async (receiver: Receiver, name: string, count: number, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs;
  const arrived = async () => (await receiver.arrivals(name, Number.MAX_SAFE_INTEGER)).count;
  let got = await arrived();
  while (got < count && Date.now() < deadline) {
    await sleep(10);
    got = await arrived();
  }
  if (got < count) throw new Error(`only ${got} of ${count} deliveries arrived`);
  return Date.now();
};

/** A subscription `name` on OrderCreated to the receiver, through the gateway at `url`. */
const subscribe = async (receiver: Receiver, url: string, token: string, name: string) => {
  const created = await apiCaller(url, token)("PUT", `/resources/subscriptions/${name}`, {
    url: receiver.url(name),
    eventTypes: ["OrderCreated"],
  });
  await receiver.trust(name, created.secret as string);
};

/**
 * Creates paced at `perSecond` from one timer, each on its own request to the gateway at `url`, for `seconds`; the
 * delay of each event from its append (its `at`, stamped when the batch is decided) to its arrival at the receiver.
 */
const pacedDelay = async (
  receiver: Receiver,
  name: string,
  gateway: { url: string; token: string; order: () => string },
  perSecond: number,
  seconds: number,
) => {
  const before = (await receiver.arrivals(name, Number.MAX_SAFE_INTEGER)).count;
  const count = perSecond * seconds;
  const started = Date.now();
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / perSecond;
    if (due > Date.now()) await sleep(due - Date.now());
    pending.push(
      fetch(`${gateway.url}/resources/actors/order/new`, {
        method: "POST",
        headers: { Authorization: `Bearer ${gateway.token}`, "Content-Type": "application/json" },
        body: gateway.order(),
      }).then((r) => r.arrayBuffer()),
    );
  }
  await Promise.all(pending);
  const rate = count / ((Date.now() - started) / 1000);
  await waitForArrivals(receiver, name, before + count);
  return { rate, ...percentiles((await receiver.arrivals(name, before)).delays) };
};

const delayRow = (metric: string, d: Awaited<ReturnType<typeof pacedDelay>>, extra = "") => ({
  suite: "subscriptions",
  metric,
  value: d.p99,
  unit: "ms",
  note: `p50 ${d.p50} ms, p95 ${d.p95} ms, appends paced at ${d.rate.toFixed(0)}/s${extra}`,
});

/**
 * Outbound events through the real service (`npm start`'s gateway and worker in one process, then a gateway and a
 * worker process apart): orders created over REST, one subscription on OrderCreated, and a receiver in a process of
 * its own that verifies every signature with standardwebhooks. The append rate with no subscription is the baseline;
 * then the append rate with the subscription delivering, the rate that burst reaches the receiver; then appends paced
 * at 250 and at 500 events/s and the delay from each append (the event's `at`) to its arrival; then the same at 250/s
 * with the deliverer in a worker process apart from the gateway that appends (woken across processes by NOTIFY).
 */
const suite: BenchSuite = {
  name: "subscriptions",
  async run(ctx) {
    const receiver = await startReceiverProcess();
    const running: RunningService[] = [];
    try {
      const service = await startService(ctx.databaseUrl, ENV);
      running.push(service);
      const token = await clientToken(service.url);
      const order = orderBodies();
      const burst = () =>
        load({
          url: `${service.url}/resources/actors/order/new`,
          seconds: ctx.seconds,
          connections: 16,
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: order,
        });
      const baseline = await burst();
      const orders = async () =>
        Number(
          ((await apiCaller(service.url, token)("GET", "/resources/orders?limit=1")) as { totalCount: number })
            .totalCount,
        );
      const ordersBefore = await orders();
      await subscribe(receiver, service.url, token, "bench");
      const started = Date.now();
      const withSubscription = await burst();
      const burstEnd = Date.now();
      const total = (await orders()) - ordersBefore;
      const lastAt = await waitForArrivals(receiver, "bench", total);
      const drained = (lastAt - started) / 1000;

      const gateway = { url: service.url, token, order };
      const half = await pacedDelay(receiver, "bench", gateway, PACED_PER_SECOND / 2, ctx.seconds);
      const full = await pacedDelay(receiver, "bench", gateway, PACED_PER_SECOND, ctx.seconds);
      const { refused } = await receiver.arrivals("bench", Number.MAX_SAFE_INTEGER);
      const rss = service.peakRssMiB();
      await service.stop();
      running.length = 0;

      const worker = await startService(ctx.databaseUrl, { ...ENV, ROLES: "worker" }, { waitForListening: false });
      running.push(worker);
      const apart = await startService(ctx.databaseUrl, { ...ENV, ROLES: "gateway" }, { schema: worker.schema });
      running.push(apart);
      const apartToken = await clientToken(apart.url);
      await subscribe(receiver, apart.url, apartToken, "apart");
      const apartGateway = { url: apart.url, token: apartToken, order };
      // A first second to warm the new processes, not counted.
      await pacedDelay(receiver, "apart", apartGateway, PACED_PER_SECOND / 2, 1);
      const split = await pacedDelay(receiver, "apart", apartGateway, PACED_PER_SECOND / 2, ctx.seconds);
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
          metric: "deliveries of that burst to the receiver",
          value: total / drained,
          unit: "events/s",
          note: `${total} events, the last ${((lastAt - burstEnd) / 1000).toFixed(1)} s after the burst ended`,
        },
        delayRow(`append → delivery delay p99 at ${PACED_PER_SECOND / 2} events/s`, half),
        delayRow(
          `append → delivery delay p99 at ${PACED_PER_SECOND} events/s`,
          full,
          `; ${refused} refused signatures in the run`,
        ),
        delayRow(
          `append → delivery delay p99 at ${PACED_PER_SECOND / 2} events/s, gateway and worker processes apart`,
          split,
        ),
        { suite: "subscriptions", metric: "service peak RSS", value: rss, unit: "MiB" },
      ];
    } finally {
      for (const s of running.reverse()) await s.stop();
      await receiver.stop();
    }
  },
};

export default suite;
