import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver } from "@platform/subscriptions/testing";
import type { WebhookReceiver } from "@platform/subscriptions/testing";
import { createOrder } from "../scripts/bench/suites/orders.ts";
import { clientToken, freshStorage, startServiceProcess } from "./support/service-process.ts";
import type { ServiceProcess } from "./support/service-process.ts";
import { otlpReceiver } from "./support/otlp-receiver.ts";
import type { OtlpSpan } from "./support/otlp-receiver.ts";

const otlp = otlpReceiver();
const { spans } = otlp;

const client = { BOOTSTRAP_CLIENT_ID: "trace-admin", BOOTSTRAP_CLIENT_SECRET: "trace-secret-0123456789abcdef" };
const dataDir = mkdtempSync(join(tmpdir(), "platform-trace-"));
let storage: Awaited<ReturnType<typeof freshStorage>>;
let service: ServiceProcess | undefined;
let hooks: WebhookReceiver;

beforeAll(async () => {
  const endpoint = await otlp.start();
  hooks = await startWebhookReceiver();
  storage = await freshStorage(dataDir);
  // As operators run it (npm start: the bundle), whose pg and pino stay modules of their own that tracing patches.
  service = await startServiceProcess(
    {
      ...storage.env,
      ...client,
      LOG_LEVEL: "debug",
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "50",
      APPS_DIR: "docs/examples/apps",
      // The webhook receiver is on this machine: the outbound rule would refuse it.
      OUTBOUND_ALLOW_PRIVATE: "true",
    },
    { built: true },
  );
  // On a fresh checkout the first npm start compiles and bundles everything (a minute or two under the suite's load).
}, 180_000);

afterAll(async () => {
  await service?.stop();
  await storage?.drop();
  await hooks?.close();
  otlp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const until = async <T>(find: () => T | undefined, what: string): Promise<T> => {
  for (let i = 0; i < 200; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe("traces (OTEL_EXPORTER_OTLP_ENDPOINT set)", () => {
  it(
    "exports a request's spans under its incoming traceparent, and its events and log lines " + "carry the trace id",
    async () => {
      const url = service!.url;
      const token = await clientToken(url, client);
      const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
      const parentSpanId = "00f067aa0ba902b7";
      const created = await fetch(`${url}/resources/actors/order/new`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          traceparent: `00-${traceId}-${parentSpanId}-01`,
        },
        body: JSON.stringify(createOrder()),
      });
      expect(created.status).toBe(200);
      const id = ((await created.json()) as { actor: { id: string } }).actor.id;

      const request = await until(
        () => spans.find((s) => s.traceId === traceId && s.parentSpanId === parentSpanId),
        "the request's span",
      );
      expect(request.name).toBe("POST /resources/actors/{type}/{id}");
      expect(request.service).toBe("actor-platform");
      const names = await until(() => {
        const mine = spans.filter((s) => s.traceId === traceId).map((s) => s.name);
        return mine.includes("command order") && mine.includes("append") ? mine : undefined;
      }, "the command's and the append's spans");
      expect(names).toEqual(expect.arrayContaining(["command order", "append"]));
      // On PostgreSQL the pg instrumentation's statements are children in the same trace (PGlite is not pg).
      if (process.env.DATABASE_URL)
        expect(
          spans.some(
            (s) =>
              s.traceId === traceId && s.attributes?.some((a) => a.key === "db.system" || a.key === "db.system.name"),
          ),
        ).toBe(true);

      const journal = await fetch(`${url}/resources/actors/order/${id}/journal`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(journal.status).toBe(200);
      const events = ((await journal.json()) as { events: { metadata: { traceId?: string } }[] }).events;
      expect(events.length).toBeGreaterThan(0);
      for (const e of events) expect(e.metadata.traceId).toBe(traceId);

      // The request's log line names its trace and its span.
      const lines = service!
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { msg: string; route?: string; trace_id?: string; span_id?: string });
      const logged = lines.find(
        (l) => l.msg === "request" && l.route === "/resources/actors/{type}/{id}" && l.trace_id === traceId,
      );
      expect(logged?.span_id).toBe(request.spanId);
    },
  );

  it("traces an ingress's component run inside its request, and a job's run with its component's", async () => {
    const url = service!.url;
    const probe = "5d2c1a0f9e8b7a6c5d4e3f2a1b0c9d8e";
    for (const path of ["/healthz", "/readyz", "/metrics"])
      expect(
        (await fetch(`${url}${path}`, { headers: { traceparent: `00-${probe}-b7ad6b7169203331-01` } })).status,
      ).toBe(200);
    const traceId = "0af7651916cd43dd8448eb211c80319c";
    const r = await fetch(`${url}/ingress/shop/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", traceparent: `00-${traceId}-b7ad6b7169203331-01` },
      body: JSON.stringify({
        orderNumber: "TRACE-1",
        email: "ada@example.com",
        name: "Ada Lovelace",
        addressLine1: "Drottninggatan 1",
        postalCode: "11151",
        city: "Stockholm",
        productNumber: "MUG-1",
        description: "Mug",
        quantity: 1,
        unitPrice: 99.5,
      }),
    });
    expect(r.status).toBe(200);
    const inTrace = () => spans.filter((s) => s.traceId === traceId);
    const request = await until(
      () => inTrace().find((s) => s.name === "POST /ingress/*"),
      "the ingress request's span",
    );
    const component = await until(() => inTrace().find((s) => s.name === "component run"), "the component run's span");
    expect(component.parentSpanId).toBe(request.spanId);
    expect(component.attributes?.find((a) => a.key === "component.kind")?.value).toEqual({ stringValue: "ingress" });
    // The order and the sending the component made: commands in the component run's trace, their events naming it.
    await until(
      () => (inTrace().filter((s) => s.name.startsWith("command ")).length >= 2 ? true : undefined),
      "the component's commands",
    );
    const { orderId } = (await r.json()) as { orderId: string };
    const token = await clientToken(url, client);
    const journal = (await (
      await fetch(`${url}/resources/actors/order/${orderId}/journal`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { events: { metadata: { traceId?: string; ingressId?: string } }[] };
    expect(journal.events.map((e) => e.metadata.traceId)).toEqual(journal.events.map(() => traceId));

    const posted = await fetch(`${url}/resources/jobs`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        jobDefinitionId: "apps/shop/daily-reminder",
        parameters: { to: "warehouse@example.com" },
      }),
    });
    expect(posted.status).toBe(201);
    const { jobId } = (await posted.json()) as { jobId: string };
    const run = await until(
      () =>
        spans.find(
          (s) => s.name === "job run" && s.attributes?.some((a) => a.key === "job.id" && a.value.stringValue === jobId),
        ),
      "the job run's span",
    );
    const jobComponent = await until(
      () => spans.find((s) => s.name === "component run" && s.parentSpanId === run.spanId),
      "the job's component run",
    );
    expect(jobComponent.attributes?.find((a) => a.key === "component.ref")?.value).toEqual({
      stringValue: "shop/daily-reminder",
    });
    // Followers' batches are traces of their own; probes and scrapes make none.
    expect(spans.some((s) => s.name === "projection batch")).toBe(true);
    expect(spans.filter((s) => s.traceId === probe)).toEqual([]);
  });
});

describe("what exported spans carry", () => {
  /** OTLP's SpanKind: the server's side of a request, and a request the service makes. */
  const SERVER = 2;
  const CLIENT = 3;
  const attribute = (s: OtlpSpan, key: string) => s.attributes?.find((a) => a.key === key)?.value.stringValue;

  it("spans carry no query string values, no outbound path, no credential", async () => {
    const url = service!.url;
    const token = await clientToken(url, client);
    const secrets = [
      "alice@example.com",
      "Alice",
      "s3cret-in-query",
      "abc-access-token-in-query",
      "authz-value-7Qx",
      "cookie-value-9Wz",
      "capability-XYZ",
    ];

    const listTrace = "6e0c63257de34c926f9efcd03899a1a1";
    const listed = await fetch(`${url}/resources/subscriptions?recipient=alice@example.com&search=Alice`, {
      headers: { Authorization: `Bearer ${token}`, traceparent: `00-${listTrace}-b7ad6b7169203331-01` },
    });
    expect(listed.status).toBe(200);
    const tokenTrace = "7f1d74368ef45da37fa0ade14900b2b2";
    const refused = await fetch(
      `${url}/oauth/token?client_secret=s3cret-in-query&access_token=abc-access-token-in-query`,
      {
        method: "POST",
        headers: {
          Authorization: "Bearer authz-value-7Qx",
          Cookie: "sid=cookie-value-9Wz",
          traceparent: `00-${tokenTrace}-b7ad6b7169203331-01`,
        },
      },
    );
    expect(refused.ok).toBe(false);

    // A webhook whose URL's path is its capability: its delivery is a request the service makes.
    const put = await fetch(`${url}/resources/subscriptions/trace-hook`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ url: hooks.url("hooks/capability-XYZ"), eventTypes: ["OrderCreated"] }),
    });
    expect(put.status).toBe(201);
    hooks.trust("hooks/capability-XYZ", ((await put.json()) as { secret: string }).secret);
    const created = await fetch(`${url}/resources/actors/order/new`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(createOrder()),
    });
    expect(created.status).toBe(200);
    await until(() => (hooks.for("hooks/capability-XYZ").length > 0 ? true : undefined), "the webhook's delivery");
    const hookPort = new URL(hooks.url("x")).port;
    const delivery = await until(
      () =>
        spans.find(
          (s) =>
            s.kind === CLIENT &&
            s.attributes?.some((a) => a.key === "server.port" && String(a.value.intValue) === hookPort),
        ),
      "the delivery's span",
    );
    expect(delivery.name).toBe("POST");
    expect(attribute(delivery, "url.full")).toBe(`http://127.0.0.1:${hookPort}`);
    expect(
      delivery.attributes
        ?.map((a) => a.key)
        .filter((k) => ["url.path", "url.query", "http.target", "http.url"].includes(k)),
    ).toEqual([]);

    const server = (traceId: string) =>
      until(() => spans.find((s) => s.traceId === traceId && s.kind === SERVER), `the span of trace ${traceId}`);
    const list = await server(listTrace);
    expect(attribute(list, "url.path")).toBe("/resources/subscriptions");
    expect(attribute(list, "url.query")).toBe("recipient&search");
    const tokenRequest = await server(tokenTrace);
    expect(attribute(tokenRequest, "url.path")).toBe("/oauth/token");
    expect(attribute(tokenRequest, "url.query")).toBe("client_secret&access_token");

    // Every span exported so far, by all the tests: its name, its attributes, its events.
    const exported = JSON.stringify(spans.map(({ traceId: _t, spanId: _s, parentSpanId: _p, ...rest }) => rest));
    for (const secret of secrets) expect(exported, secret).not.toContain(secret);
    const keys = spans.flatMap((s) => s.attributes?.map((a) => a.key) ?? []);
    expect(keys.filter((k) => k.startsWith("http.request.header.") || k.startsWith("http.response.header."))).toEqual(
      [],
    );
  });
});
