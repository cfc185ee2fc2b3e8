import { describe, expect, it } from "vitest";
import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { QueueHealthCards, loadTransportHealth, parseQueueMetrics } from "./queue-health.tsx";
import type { QueueHealth } from "./queue-health.tsx";
import type { TransportHealth } from "../home-readiness.ts";

const TEXT = [
  "# HELP sendings_pending Sendings waiting for delivery.",
  "sendings_pending 73",
  'sendings_total{status="sent"} 900',
  'sendings_total{status="bounced"} 60',
  'sendings_total{status="cancelled"} 4',
  "sendings_bounce_rate_24h 0.0625",
  "sendings_bounce_rate_high 1",
  "sendings_queue_level 1",
  "",
].join("\n");

describe("parseQueueMetrics", () => {
  it("reads the sendings samples of the Prometheus text", () => {
    expect(parseQueueMetrics(TEXT)).toEqual({
      pending: 73,
      sent: 900,
      bounced: 60,
      cancelled: 4,
      bounceRate24h: 0.0625,
      bounceRateHigh: true,
      level: "warning",
    });
  });

  it("answers undefined when a sample is missing, not a number, or a level it does not know", () => {
    expect(parseQueueMetrics(TEXT.replace("sendings_pending 73\n", ""))).toBeUndefined();
    expect(parseQueueMetrics(TEXT.replace("sendings_pending 73", "sendings_pending NaN"))).toBeUndefined();
    expect(parseQueueMetrics(TEXT.replace("sendings_queue_level 1", "sendings_queue_level 3"))).toBeUndefined();
    expect(parseQueueMetrics("<html>proxy error</html>")).toBeUndefined();
  });
});

const SENDINGS_CHECK = {
  ok: true,
  status: "healthy",
  pending: 4,
  bounceRate24h: 0.5,
  bounceRateHigh: true,
  smtpConfigured: true,
  transports: {
    email: { configured: true, status: "healthy", pending: 0, bounceRate24h: 0.5, bounceRateHigh: true },
    sms: { configured: false, status: "healthy", pending: 3, bounceRate24h: 0, bounceRateHigh: false },
    push: { configured: false, status: "healthy", pending: 1, bounceRate24h: 0, bounceRateHigh: false },
  },
};

/** An API that answers `/readyz` with `answer`, or throws it. */
const readyz = (answer: ApiAnswer | Error) =>
  ({
    call: async (_c: Context, method: string, path: string) => {
      if (`${method} ${path}` !== "GET /readyz") throw new Error(`unexpected ${method} ${path}`);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  }) as unknown as ApiClient;
const load = (answer: ApiAnswer | Error) => loadTransportHealth(readyz(answer), {} as Context);
const withSendings = (sendings: unknown, status = 200): ApiAnswer => ({
  status,
  body: { ready: status === 200, checks: { database: { ok: true }, sendings } },
  etag: null,
});

describe("loadTransportHealth", () => {
  it("reads each transport of the sendings check in /readyz, not ready (503) as well", async () => {
    const rows = [
      { transport: "email", configured: true, level: "healthy", pending: 0, bounceRate24h: 0.5, bounceRateHigh: true },
      { transport: "sms", configured: false, level: "healthy", pending: 3, bounceRate24h: 0, bounceRateHigh: false },
      { transport: "push", configured: false, level: "healthy", pending: 1, bounceRate24h: 0, bounceRateHigh: false },
    ];
    expect(await load(withSendings(SENDINGS_CHECK))).toEqual(rows);
    expect(await load(withSendings(SENDINGS_CHECK, 503))).toEqual(rows);
  });

  it(
    "answers unavailable for a check it cannot read, a transport in a shape it does not know, a " +
      "refusal or a failed call",
    async () => {
      const { transports: _, ...beforeTransports } = SENDINGS_CHECK;
      const transports = (sms: unknown) => ({ ...SENDINGS_CHECK, transports: { ...SENDINGS_CHECK.transports, sms } });
      for (const answer of [
        withSendings(beforeTransports),
        withSendings({ ...SENDINGS_CHECK, transports: {} }),
        withSendings({ ...SENDINGS_CHECK, transports: [SENDINGS_CHECK.transports.email] }),
        withSendings(transports({ ...SENDINGS_CHECK.transports.sms, configured: undefined })),
        withSendings(transports({ ...SENDINGS_CHECK.transports.sms, status: "on fire" })),
        withSendings(transports({ ...SENDINGS_CHECK.transports.sms, pending: -1 })),
        withSendings(transports(null)),
        withSendings({ ok: false, error: "timeout" }),
        withSendings(undefined),
        { status: 502, body: "<html>bad gateway</html>", etag: null },
        new Error("connection refused"),
      ])
        expect(await load(answer)).toBe("unavailable");
    },
  );
});

const html = async (health: QueueHealth | undefined, transports: Awaited<ReturnType<typeof loadTransportHealth>>) =>
  String(await QueueHealthCards({ health, transports }).toString());
/** The panel as HTML text with its tags stripped, one space between words. */
const text = async (...args: Parameters<typeof html>) =>
  (await html(...args))
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

describe("the queue health panel", () => {
  it(
    "shows each transport's delivery, pending, level and bounce rate, a transport it does not " + "know by its name",
    async () => {
      const transports = [
        ...((await load(withSendings(SENDINGS_CHECK))) as TransportHealth[]),
        {
          transport: "fax",
          configured: false,
          level: "critical" as const,
          pending: 120,
          bounceRate24h: 0,
          bounceRateHigh: false,
        },
      ];
      expect(await text(parseQueueMetrics(TEXT), transports)).toBe(
        "Queue health Pending 73 warning below 50 healthy · 50 to 100 warning · above 100 critical " +
          "Bounce rate, last 24 hours 6.3 % above 5 % Above 5 % suggests list quality problems. Sent, " +
          "all time 900 60 bounced · 4 cancelled, all time " +
          "Queue by transport Transport Delivery Pending Level Bounce rate, last 24 hours " +
          ("Email configured 0 healthy 50.0 % (above 5 %) SMS not configured: stays pending 3 healthy " +
            "0.0 % Push not configured: stays pending 1 healthy 0.0 % fax not configured: stays pending " +
            "120 critical 0.0 %"),
      );
    },
  );

  it("escapes a transport's name as the API gives it", async () => {
    const shown = await html(undefined, [
      {
        transport: "<img src=x onerror=alert(1)>",
        configured: true,
        level: "healthy",
        pending: 0,
        bounceRate24h: 0,
        bounceRateHigh: false,
      },
    ]);
    expect(shown).toContain("<td>&lt;img src=x onerror=alert(1)&gt;</td>");
    expect(shown).not.toContain("<img");
  });

  it("says which part is unavailable and still shows the other", async () => {
    expect(await text(undefined, await load(withSendings(SENDINGS_CHECK)))).toMatch(
      new RegExp(
        "^Queue health The queue's figures are not available \\(GET /metrics did not answer them\\)\\. " +
          "Queue by transport Transport .* Email configured 0 healthy",
      ),
    );
    expect(await text(parseQueueMetrics(TEXT), "unavailable")).toMatch(
      /cancelled, all time Queue by transport unavailable \(GET \/readyz did not answer each transport's queue\)$/,
    );
  });
});
