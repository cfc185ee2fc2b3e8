import { randomBytes } from "node:crypto";
import webpush from "web-push";
import { startTestPushService, startTestSmsc, startTestSmtpServer } from "@platform/sendings/testing";
import type { BenchSuite } from "../harness.ts";
import { load, startService } from "../service.ts";

/**
 * The sending queue of the real service: queueing over REST (an actor append and a
 * projection per recipient) and listing, with no delivery running; then the delivery rate
 * of a worker process draining that backlog to a local SMTP server, rate limit lifted; then
 * the same for a backlog of pushes (to a local push service that verifies and decrypts each)
 * and of SMS (to a local SMSC), one transport at a time, each beside the email figure.
 */
const suite: BenchSuite = {
  name: "sendings",
  async run(ctx) {
    const clientId = "bench-sendings-client";
    const secret = randomBytes(24).toString("base64url");
    // Phase 1: queueing alone. No SMTP_URL, so the dispatcher stays idle and every sending
    // stays pending: the figure is the API's, not shared with deliveries.
    const service = await startService(ctx.databaseUrl, {
      BOOTSTRAP_CLIENT_ID: clientId,
      BOOTSTRAP_CLIENT_SECRET: secret,
      OUTBOUND_ALLOW_PRIVATE: "true",
    });
    const pushService = await startTestPushService();
    const smsc = await startTestSmsc();
    const subscription = pushService.subscribe();
    let queue, list, queuePush, queueSms;
    try {
      const basic = `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`;
      let token: string | undefined;
      for (let i = 0; i < 100 && !token; i++) {
        const r = await fetch(`${service.url}/oauth/token`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basic },
          body: "grant_type=client_credentials",
        });
        if (r.ok) token = ((await r.json()) as { access_token: string }).access_token;
        else await new Promise((res) => setTimeout(res, 100));
      }
      if (!token) throw new Error("the bootstrap client never got a token");
      const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
      let n = 0;
      const body = () =>
        JSON.stringify({
          to: `user${n++}@bench.test`,
          subject: "Bench",
          body: { plainText: "hello" },
          category: "bench",
        });
      queue = await load({
        url: `${service.url}/resources/sendings/email`,
        seconds: ctx.seconds,
        method: "POST",
        headers,
        body,
      });
      list = await load({
        url: `${service.url}/resources/sendings?limit=50&category=bench`,
        seconds: ctx.seconds,
        headers,
      });
      const push = JSON.stringify({ to: subscription, body: { title: "Bench", text: "hello" }, category: "bench" });
      queuePush = await load({
        url: `${service.url}/resources/sendings/push`,
        seconds: ctx.seconds,
        method: "POST",
        headers,
        body: push,
      });
      const sms = () =>
        JSON.stringify({
          to: `+4915${String(100_000_000 + n++)}`,
          body: { text: "Your code is 123456" },
          category: "bench",
        });
      queueSms = await load({
        url: `${service.url}/resources/sendings/sms`,
        seconds: ctx.seconds,
        method: "POST",
        headers,
        body: sms,
      });
    } catch (error) {
      await service.stop();
      await pushService.close();
      await smsc.close();
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
    let pushed = 0;
    let texted = 0;
    let rss = { service: NaN, worker: NaN };
    const sentTotal = async (transport: string) =>
      Number(
        new RegExp(`^sendings_transport_total\\{transport="${transport}",status="sent"\\} (\\d+)$`, "m").exec(
          await (await fetch(`${service.url}/metrics`)).text(),
        )?.[1] ?? 0,
      );
    /**
     * Deliveries a second of one transport, from its first delivery (the worker's start-up is not part of the rate).
     */
    const rate = async (transport: string) => {
      for (let i = 0; i < 300 && (await sentTotal(transport)) === 0; i++)
        await new Promise((res) => setTimeout(res, 100));
      const before = await sentTotal(transport);
      const started = Date.now();
      await new Promise((res) => setTimeout(res, ctx.seconds * 1000));
      return ((await sentTotal(transport)) - before) / ((Date.now() - started) / 1000);
    };
    let workerStopped: Promise<void> | undefined;
    const stopWorker = () => (workerStopped ??= worker.stop());
    try {
      delivered = await rate("email");
      rss = { service: service.peakRssMiB(), worker: worker.peakRssMiB() };
      await stopWorker();
      const pusher = await startService(
        ctx.databaseUrl,
        {
          ROLES: "worker",
          ...vapid(),
          OUTBOUND_ALLOW_PRIVATE: "true",
          PUSH_RATE_PER_MINUTE: "1000000",
          SENDINGS_INTERVAL_MS: "1000",
        },
        { schema: service.schema, waitForListening: false },
      );
      try {
        pushed = await rate("push");
      } finally {
        await pusher.stop();
      }
      const texter = await startService(
        ctx.databaseUrl,
        { ROLES: "worker", SMS_URL: smsc.url(), SMS_RATE_PER_MINUTE: "1000000", SENDINGS_INTERVAL_MS: "1000" },
        { schema: service.schema, waitForListening: false },
      );
      try {
        texted = await rate("sms");
      } finally {
        await texter.stop();
      }
    } finally {
      await stopWorker();
      await smtp.close();
      await pushService.close();
      await smsc.close();
      await service.stop();
    }
    return [
      {
        suite: "sendings",
        metric: "POST /resources/sendings/email (1 recipient), no delivery running",
        value: queue.perSecond,
        unit: "req/s",
        note: `p99 ${queue.p99} ms, non-2xx ${queue.non2xx}`,
      },
      {
        suite: "sendings",
        metric: "GET /resources/sendings (50 per page)",
        value: list.perSecond,
        unit: "req/s",
        note: `p99 ${list.p99} ms, non-2xx ${list.non2xx}`,
      },
      {
        suite: "sendings",
        metric: "SMTP deliveries by one worker process",
        value: delivered,
        unit: "mail/s",
        note: "local smtp-server, rate limit off",
      },
      {
        suite: "sendings",
        metric: "POST /resources/sendings/push, no delivery running",
        value: queuePush.perSecond,
        unit: "req/s",
        note: `p99 ${queuePush.p99} ms, non-2xx ${queuePush.non2xx}`,
      },
      {
        suite: "sendings",
        metric: "Web Push deliveries by one worker process",
        value: pushed,
        unit: "push/s",
        note:
          "local push service verifying VAPID and decrypting; " +
          `${(pushed / delivered).toFixed(1)}× SMTP in the same run`,
      },
      {
        suite: "sendings",
        metric: "POST /resources/sendings/sms, no delivery running",
        value: queueSms.perSecond,
        unit: "req/s",
        note: `p99 ${queueSms.p99} ms, non-2xx ${queueSms.non2xx}`,
      },
      {
        suite: "sendings",
        metric: "SMS deliveries over SMPP by one worker process",
        value: texted,
        unit: "sms/s",
        note: `local SMSC; ${(texted / delivered).toFixed(1)}× SMTP in the same run`,
      },
      {
        suite: "sendings",
        metric: "service peak RSS (gateway+worker / worker)",
        value: rss.service,
        unit: "MiB",
        note: `${rss.worker.toFixed(0)} MiB`,
      },
    ];
  },
};

/** A VAPID key pair for the push worker, made the way `npx web-push generate-vapid-keys` does. */
const vapid = () => {
  const keys = webpush.generateVAPIDKeys();
  return {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: "mailto:bench@example.test",
  };
};

export default suite;
