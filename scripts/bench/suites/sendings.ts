import { randomBytes } from "node:crypto";
import { startTestSmtpServer } from "@platform/sendings/testing";
import type { BenchSuite } from "../harness.ts";
import { load, startService } from "../service.ts";

/**
 * The sending queue of the real service: queueing over REST (an actor append and a
 * projection per recipient), listing, and the dispatcher's delivery rate to a local SMTP
 * server with the rate limit out of the way.
 */
const suite: BenchSuite = {
  name: "sendings",
  async run(ctx) {
    const smtp = await startTestSmtpServer();
    const clientId = "bench-sendings-client";
    const secret = randomBytes(24).toString("base64url");
    const service = await startService(ctx.databaseUrl, {
      BOOTSTRAP_CLIENT_ID: clientId,
      BOOTSTRAP_CLIENT_SECRET: secret,
      SMTP_URL: smtp.url,
      SENDINGS_RATE_PER_MINUTE: "1000000",
      SENDINGS_INTERVAL_MS: "1000",
    });
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
      const queue = await load({ url: `${service.url}/resources/sendings/email`, seconds: ctx.seconds, method: "POST", headers, body });
      const sentTotal = async () => Number(/^sendings_total\{status="sent"\} (\d+)$/m.exec(await (await fetch(`${service.url}/metrics`)).text())?.[1] ?? 0);
      const before = await sentTotal();
      const started = Date.now();
      await new Promise((res) => setTimeout(res, ctx.seconds * 1000));
      const delivered = ((await sentTotal()) - before) / ((Date.now() - started) / 1000);
      const list = await load({ url: `${service.url}/resources/sendings?limit=50&category=bench`, seconds: ctx.seconds, headers });
      return [
        { suite: "sendings", metric: "POST /resources/sendings/email (1 recipient)", value: queue.perSecond, unit: "req/s", note: `p99 ${queue.p99} ms, non-2xx ${queue.non2xx}` },
        { suite: "sendings", metric: "SMTP deliveries by one dispatcher", value: delivered, unit: "mail/s", note: "local smtp-server, rate limit off" },
        { suite: "sendings", metric: "GET /resources/sendings (50 per page)", value: list.perSecond, unit: "req/s", note: `p99 ${list.p99} ms, non-2xx ${list.non2xx}` },
        { suite: "sendings", metric: "service peak RSS", value: service.peakRssMiB(), unit: "MiB" },
      ];
    } finally {
      await service.stop();
      await smtp.close();
    }
  },
};

export default suite;
