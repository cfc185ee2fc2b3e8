import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startTestSmsc, startTestSmtpServer } from "@platform/sendings/testing";
import type { TestSmsc, TestSmtpServer } from "@platform/sendings/testing";
import { clientToken, freshStorage, startServiceProcess } from "./support/service-process.ts";
import { checkMetrics } from "./support/promtool.ts";
import type { ServiceProcess } from "./support/service-process.ts";

const dataDir = mkdtempSync(join(tmpdir(), "platform-apps-e2e-"));
const client = { BOOTSTRAP_CLIENT_ID: "apps-e2e", BOOTSTRAP_CLIENT_SECRET: "apps-e2e-secret-0123456789" };
const METRICS_TOKEN = "metrics-token-0123456789";
/** Ids this run made: none may appear in /metrics. */
const ids: string[] = [];
let storage: Awaited<ReturnType<typeof freshStorage>> | undefined;
let smtp: TestSmtpServer | undefined;
let smsc: TestSmsc | undefined;
let service: ServiceProcess | undefined;

afterAll(async () => {
  await service?.stop();
  await smtp?.close();
  await smsc?.close();
  await storage?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("an app installed from APPS_DIR at start (the docs' example)", () => {
  it("serves its public ingress: the order is listed at once and the confirmation reaches the " +
    "SMTP server", async () => {
    storage = await freshStorage(dataDir);
    smtp = await startTestSmtpServer();
    smsc = await startTestSmsc();
    service = await startServiceProcess({
      ...storage.env,
      ...client,
      APPS_DIR: "docs/examples/apps",
      SMTP_URL: smtp.url,
      SMS_URL: smsc.url(),
      SENDINGS_INTERVAL_MS: "100",
      LOG_LEVEL: "info",
      METRICS_TOKEN,
    });
    expect(service.output()).toContain('"msg":"app installed"');

    const r = await fetch(`${service.url}/ingress/shop/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        orderNumber: "WEB-1001",
        email: "ada@example.com",
        name: "Ada Lovelace",
        addressLine1: "Drottninggatan 1",
        postalCode: "11151",
        city: "Stockholm",
        productNumber: "MUG-1",
        description: "Mug",
        quantity: 2,
        unitPrice: 99.5,
        phone: "+46701234567",
      }),
    });
    expect(r.status).toBe(200);
    const answer = (await r.json()) as {
      accepted: boolean;
      orderId: string;
      orderNumber: string;
      sendingId: string;
      smsSendingId: string;
    };
    expect(answer).toEqual({
      accepted: true,
      orderId: expect.any(String),
      orderNumber: "WEB-1001",
      sendingId: expect.any(String),
      smsSendingId: expect.any(String),
    });
    ids.push(answer.orderId, answer.sendingId, answer.smsSendingId);
    // The SMS confirmation reaches the SMSC over SMPP.
    await expect.poll(() => smsc!.submits("46701234567").length, { timeout: 10_000 }).toBe(1);
    expect(smsc.submits("46701234567")[0]).toMatchObject({
      text: "Thank you! We have your order WEB-1001.",
      dataCoding: 0,
      status: 0,
    });

    const accessToken = await clientToken(service.url, client);
    const list = await fetch(`${service.url}/resources/orders?orderNumber=WEB-1001`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(((await list.json()) as { orders: { orderId: string; lineCount: number }[] }).orders).toEqual([
      expect.objectContaining({ orderId: answer.orderId, lineCount: 1 }),
    ]);

    await expect.poll(() => smtp!.mailsTo("ada@example.com").length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.mailsTo("ada@example.com")[0]!;
    expect(mail.parsed.subject).toBe("Order WEB-1001 received");
    expect(mail.parsed.text?.trim()).toBe("Thank you, Ada Lovelace. We have your order WEB-1001.");
    const status = async () =>
      (
        (await (
          await fetch(`${service!.url}/resources/sendings/${answer.sendingId}`, {
            headers: { Authorization: `Bearer ${accessToken}` },
          })
        ).json()) as { status: string }
      ).status;
    await expect.poll(status, { timeout: 5_000 }).toBe("sent");

    // The job definition the app brings, with its schedule (weekdays 08:00 in Stockholm).
    const definition = await fetch(`${service.url}/resources/job-definitions/apps/shop/daily-reminder?occurrences=5`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(definition.status).toBe(200);
    const d = (await definition.json()) as { componentId: string; appId: string; acl: string[]; occurrences: string[] };
    expect(d).toMatchObject({
      componentId: "shop/daily-reminder",
      appId: "shop",
      acl: ["sendings:write"],
      scheduleIsOverridden: false,
    });
    expect(d.occurrences).toHaveLength(5);
    for (const at of d.occurrences) {
      const local = new Intl.DateTimeFormat("en-GB", {
        timeZone: "Europe/Stockholm",
        weekday: "short",
        hour: "2-digit",
        minute: "2-digit",
        hour12: false,
      }).format(new Date(at));
      expect(local).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 08:00$/);
    }

    // The private ingress: a token without ingress/shop/cancel-order:invoke is refused; the owner's cancels.
    const cancel = (headers: Record<string, string>) =>
      fetch(`${service!.url}/ingress/shop/orders/cancel`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ orderNumber: "WEB-1001", reason: "changed my mind" }),
      });
    expect((await cancel({})).status).toBe(401);
    const cancelled = await cancel({ Authorization: `Bearer ${accessToken}` });
    expect(await cancelled.json()).toEqual({ cancelled: true, orderNumber: "WEB-1001" });

    // Its job run now (not waiting for 08:00): a worker runs the component, whose email reaches the SMTP server.
    const auth = { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" };
    const posted = await fetch(`${service.url}/resources/jobs`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        jobDefinitionId: "apps/shop/daily-reminder",
        parameters: { to: "warehouse@example.com" },
      }),
    });
    expect(posted.status).toBe(201);
    const { jobId } = (await posted.json()) as { jobId: string };
    ids.push(jobId);
    const job = async () =>
      (await (await fetch(`${service!.url}/resources/jobs/${jobId}`, { headers: auth })).json()) as {
        status: string;
        result: { sendingId: string } | null;
        trigger: string;
      };
    await expect.poll(async () => (await job()).status, { timeout: 10_000 }).toBe("succeeded");
    expect(await job()).toMatchObject({ trigger: "api", result: { sendingId: expect.any(String) } });
    await expect.poll(() => smtp!.mailsTo("warehouse@example.com").length, { timeout: 10_000 }).toBe(1);
    expect(smtp.mailsTo("warehouse@example.com")[0]!.parsed.subject).toBe("Orders to ship today");
  }, 60_000);

  it(
    "serves /metrics behind METRICS_TOKEN, valid for promtool, with every family and the " + "figures of the run above",
    async () => {
      const url = service!.url;
      const refused = await fetch(`${url}/metrics`);
      expect(refused.status).toBe(401);
      expect(
        (await fetch(`${url}/metrics`, { headers: { Authorization: "Bearer wrong-token-0123456789" } })).status,
      ).toBe(401);
      // The job's mail reached the SMTP server a moment before its sending is recorded sent.
      const sent = async () =>
        /^sendings_total\{status="sent"\} (\d+)$/m.exec(
          await (await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text(),
        )?.[1];
      await expect.poll(sent, { timeout: 10_000 }).toBe("3");
      const r = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      const text = await r.text();

      // promtool: parsed without error; its lint findings (exit 3) only on prom-client's own default families.
      const checked = await checkMetrics(text);
      const findings = checked.output.split("\n").filter((l) => l.trim() !== "");
      expect(checked.code === 0 || checked.code === 3, checked.output).toBe(true);
      for (const line of findings) expect(line).toMatch(/^(nodejs_|process_)/);

      const families = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
      expect(families).toEqual(
        expect.arrayContaining([
          "http_server_request_duration_seconds histogram",
          "eventstore_append_duration_seconds histogram",
          "follower_lag_events gauge",
          "jobs_runs_total counter",
          "jobs_queue_depth gauge",
          "sandbox_run_duration_seconds histogram",
          "sendings_pending gauge",
          "sendings_total counter",
          "sendings_bounce_rate_24h gauge",
          "process_cpu_user_seconds_total counter",
          "process_resident_memory_bytes gauge",
          "nodejs_heap_size_used_bytes gauge",
          "nodejs_eventloop_lag_seconds gauge",
        ]),
      );
      const value = (series: string) =>
        Number(
          text
            .split("\n")
            .find((l) => l.startsWith(`${series} `))
            ?.slice(series.length + 1),
        );
      // Two ingress runs (the public order, the owner's cancel; the refused one never ran), one job.
      expect(value('sandbox_run_duration_seconds_count{kind="ingress"}')).toBe(2);
      expect(value('sandbox_run_duration_seconds_count{kind="job"}')).toBe(1);
      expect(value('jobs_runs_total{queue="default",outcome="succeeded"}')).toBe(1);
      expect(value('sendings_total{status="sent"}')).toBe(3);
      expect(value('sendings_transport_total{transport="sms",status="sent"}')).toBe(1);
      expect(value('sendings_transport_total{transport="email",status="sent"}')).toBe(2);
      expect(value("sendings_pending")).toBe(0);
      expect(
        value('http_server_request_duration_seconds_count{method="POST",route="/ingress/*",status_code="200"}'),
      ).toBe(2);
      expect(
        value('http_server_request_duration_seconds_count{method="POST",route="/ingress/*",status_code="401"}'),
      ).toBe(1);
      expect(
        value(
          'http_server_request_duration_seconds_count{method="GET",route="/resources/jobs/{jobId}",status_code="200"}',
        ),
      ).toBeGreaterThanOrEqual(2);
      expect(value('follower_lag_events{follower="projection:orders"}')).toBe(0);
      expect(value("eventstore_append_duration_seconds_count")).toBeGreaterThan(5);
      // Labels name routes, never a path a client chose or an id.
      const labels = [...text.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!).join("\n");
      for (const id of ids) expect(labels).not.toContain(id);
      expect(labels).not.toContain("/ingress/shop");
    },
  );
});
