import { randomBytes } from "node:crypto";
import { startTestSmtpServer } from "@platform/sendings/testing";
import type { BenchSuite } from "../harness.ts";
import { load, startService } from "../service.ts";

/**
 * The sending queue of the real service: queueing over REST (an actor append and a
 * projection per recipient) and listing, with no delivery running; then the delivery rate
 * of a worker process draining that backlog to a local SMTP server, rate limit lifted.
 */
const suite: BenchSuite = {
  name: "sendings",
  async run(ctx) {
    const clientId = "bench-sendings-client";
    const secret = randomBytes(24).toString("base64url");
    // Phase 1: queueing alone. No SMTP_URL, so the dispatcher stays idle and every sending
    // stays pending: the figure is the API's, not shared with deliveries.
    const service = await startService(ctx.databaseUrl, { BOOTSTRAP_CLIENT_ID: clientId, BOOTSTRAP_CLIENT_SECRET: secret });
    let queue, list;
    try {
      const basic = `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`;
      let token: string | undefined;
      for (let i = 0; i < 100 && !token; i++) {
        const r = await fetch(`${service.url}/oauth/token`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basic }, body: "grant_type=client_credentials" });
        if (r.ok) token = ((await r.json()) as { access_token: string }).access_token;
        else await new Promise((res) => setTimeout(res, 100));
      }
      if (!token) throw new Error("the bootstrap client never got a token");
      const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
      let n = 0;
      const body = () => JSON.stringify({ to: `user${n++}@bench.test`, subject: "Bench", body: { plainText: "hello" }, category: "bench" });
      queue = await load({ url: `${service.url}/resources/sendings/email`, seconds: ctx.seconds, method: "POST", headers, body });
      list = await load({ url: `${service.url}/resources/sendings?limit=50&category=bench`, seconds: ctx.seconds, headers });
    } catch (error) {
      await service.stop();
      throw error;
    }
    // Phase 2: delivery of that backlog by one worker process on the same database, to a
    // local SMTP server, with the rate limit lifted.
    const smtp = await startTestSmtpServer();
    const worker = await startService(
      ctx.databaseUrl,
      { ROLES: "worker", SMTP_URL: smtp.url, SENDINGS_RATE_PER_MINUTE: "1000000", SENDINGS_INTERVAL_MS: "1000" },
      { schema: service.schema, waitForListening: false },
    );
    let delivered = 0;
    let rss = { service: NaN, worker: NaN };
    try {
      const sentTotal = async () => Number(/^sendings_total\{status="sent"\} (\d+)$/m.exec(await (await fetch(`${service.url}/metrics`)).text())?.[1] ?? 0);
      // Time from the worker's first delivery (its start-up is not part of the rate).
      for (let i = 0; i < 300 && (await sentTotal()) === 0; i++) await new Promise((res) => setTimeout(res, 100));
      const before = await sentTotal();
      const started = Date.now();
      await new Promise((res) => setTimeout(res, ctx.seconds * 1000));
      delivered = ((await sentTotal()) - before) / ((Date.now() - started) / 1000);
      rss = { service: service.peakRssMiB(), worker: worker.peakRssMiB() };
    } finally {
      await worker.stop();
      await smtp.close();
      await service.stop();
    }
    return [
      { suite: "sendings", metric: "POST /resources/sendings/email (1 recipient), no delivery running", value: queue.perSecond, unit: "req/s", note: `p99 ${queue.p99} ms, non-2xx ${queue.non2xx}` },
      { suite: "sendings", metric: "GET /resources/sendings (50 per page)", value: list.perSecond, unit: "req/s", note: `p99 ${list.p99} ms, non-2xx ${list.non2xx}` },
      { suite: "sendings", metric: "SMTP deliveries by one worker process", value: delivered, unit: "mail/s", note: "local smtp-server, rate limit off" },
      { suite: "sendings", metric: "service peak RSS (gateway+worker / worker)", value: rss.service, unit: "MiB", note: `${rss.worker.toFixed(0)} MiB` },
    ];
  },
};

export default suite;
