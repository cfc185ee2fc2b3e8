import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { sendingsContext } from "../index.ts";
import { getSendingOverRest, queueEmailOverRest, startTestSmtpServer } from "../testing/index.ts";
import type { TestSmtpServer } from "../testing/index.ts";

const BASE = 100;
let smtp: TestSmtpServer;
let t: TestPlatform;
beforeAll(async () => {
  smtp = await startTestSmtpServer({
    reject: { "perm@example.test": 550, "busy@example.test": 451, "badcc@example.test": 550 },
    dropOnce: ["flaky@example.test"],
    rejectData: { "policy@example.test": 554, "later@example.test": 451 },
  });
  t = await createTestPlatform([staticAuthContext({ writer: { scope: ["sendings:*"] } }), sendingsContext], {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Platform <no-reply@mail.example.org>",
    SENDINGS_INTERVAL_MS: "50",
    SENDINGS_RETRY_BASE_MS: String(BASE),
    SENDINGS_RATE_PER_MINUTE: "1000",
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const queue = (body: Record<string, unknown>) =>
  queueEmailOverRest(t, {
    subject: "Hello",
    body: { plainText: "Plain hello", html: "<p>HTML hello</p>" },
    category: "news",
    ...body,
  });
const get = (id: string) => getSendingOverRest(t, id);
const settled = (id: string, timeout = 10_000) =>
  expect
    .poll(async () => (await get(id)).status, { timeout, interval: 25 })
    .not.toBe("pending")
    .then(() => get(id));
const journal = async (id: string) => t.platform.store.readStream(`sending-${id}`);

describe("delivery over SMTP", () => {
  it(
    "delivers pending → sent with subject, both bodies, a stable Message-ID and the copies in " + "the envelope",
    async () => {
      const [s] = await queue({
        to: "ann@example.test",
        cc: "carl@example.test, badcc@example.test",
        bcc: "bea@example.test",
      });
      const done = await settled(s!.sendingId);
      expect(done).toMatchObject({
        status: "sent",
        retryCount: 0,
        errorMessage: null,
        nextAttemptAt: null,
        sentAt: expect.any(String),
      });
      const [mail] = smtp.mailsTo("ann@example.test");
      expect(smtp.mailsTo("ann@example.test")).toHaveLength(1);
      expect(mail!.parsed.subject).toBe("Hello");
      expect(mail!.parsed.text?.trim()).toBe("Plain hello");
      expect(mail!.parsed.html).toContain("<p>HTML hello</p>");
      expect(mail!.messageId).toBe(`<${s!.sendingId}@mail.example.org>`);
      expect(mail!.envelope.from).toBe("no-reply@mail.example.org");
      expect([...mail!.envelope.to].sort()).toEqual(["ann@example.test", "bea@example.test", "carl@example.test"]);
      expect(mail!.parsed.headers.get("bcc")).toBeUndefined();
      expect(JSON.stringify(mail!.parsed.cc)).toContain("carl@example.test");
      const events = await journal(s!.sendingId);
      expect(events.map((e) => e.type)).toEqual(["SendingQueued", "SendingSent"]);
      expect(events[1]!.data).toMatchObject({
        messageId: `<${s!.sendingId}@mail.example.org>`,
        rejectedCopies: ["badcc@example.test"],
      });
      expect(events[1]!.metadata).toMatchObject({
        clientId: "system:sendings-dispatcher",
        correlationId: s!.sendingId,
      });
    },
  );

  it("sends the copies once for a request with several primary recipients", async () => {
    const sendings = await queue({
      to: ["p1@example.test", "p2@example.test", "p3@example.test"],
      cc: "copy@example.test",
      bcc: "hidden@example.test",
    });
    for (const s of sendings) expect((await settled(s.sendingId)).status).toBe("sent");
    expect(smtp.mailsTo("copy@example.test")).toHaveLength(1);
    expect(smtp.mailsTo("hidden@example.test")).toHaveLength(1);
    for (const p of ["p1", "p2", "p3"]) {
      const [mail] = smtp.mailsTo(`${p}@example.test`);
      expect(JSON.stringify(mail!.parsed.cc)).toContain("copy@example.test");
    }
    expect(sendings.map((s) => s.data)).toEqual(Array(3).fill({ cc: "copy@example.test", bcc: "hidden@example.test" }));
  });

  it("bounces at once on a 5xx for the primary, with the server's reply and retryCount 0", async () => {
    const [s] = await queue({ to: "perm@example.test", cc: "carl2@example.test" });
    const done = await settled(s!.sendingId);
    expect(done).toMatchObject({ status: "bounced", retryCount: 0, nextAttemptAt: null, sentAt: null });
    expect(done.errorMessage).toMatch(/^550 .*perm@example\.test does not exist/);
    expect(smtp.attemptsFor("perm@example.test")).toHaveLength(1);
    expect((await journal(s!.sendingId)).map((e) => e.type)).toEqual(["SendingQueued", "SendingBounced"]);
  });

  it("bounces at once when the message itself is refused with a 5xx after DATA", async () => {
    const [s] = await queue({ to: "policy@example.test" });
    const done = await settled(s!.sendingId);
    expect(done).toMatchObject({ status: "bounced", retryCount: 0, nextAttemptAt: null, sentAt: null });
    expect(done.errorMessage).toMatch(/^554 Message refused by policy/);
    expect(smtp.mailsTo("policy@example.test")).toHaveLength(0);
    expect(smtp.attemptsFor("policy@example.test").map((a) => a.code)).toEqual([250]);
    expect((await journal(s!.sendingId)).map((e) => e.type)).toEqual(["SendingQueued", "SendingBounced"]);
  });

  it("retries a 4xx after DATA like any transient failure, then bounces with retryCount 3", async () => {
    const [s] = await queue({ to: "later@example.test" });
    const done = await settled(s!.sendingId, 20_000);
    expect(done).toMatchObject({ status: "bounced", retryCount: 3, nextAttemptAt: null });
    expect(done.errorMessage).toMatch(/^451 Message deferred/);
    expect(smtp.attemptsFor("later@example.test")).toHaveLength(4);
    expect((await journal(s!.sendingId)).map((e) => e.type)).toEqual([
      "SendingQueued",
      "SendingAttemptFailed",
      "SendingAttemptFailed",
      "SendingAttemptFailed",
      "SendingBounced",
    ]);
  });

  it(
    "retries a 4xx three times after base, 2×base and 4×base, then bounces with retryCount 3; " + "copies go out once",
    async () => {
      const [s] = await queue({ to: "busy@example.test", cc: "watcher@example.test" });
      const done = await settled(s!.sendingId, 20_000);
      expect(done).toMatchObject({ status: "bounced", retryCount: 3, nextAttemptAt: null });
      expect(done.errorMessage).toMatch(/^451 /);
      const events = await journal(s!.sendingId);
      expect(events.map((e) => e.type)).toEqual([
        "SendingQueued",
        "SendingAttemptFailed",
        "SendingAttemptFailed",
        "SendingAttemptFailed",
        "SendingBounced",
      ]);
      const failed = events
        .filter((e) => e.type === "SendingAttemptFailed")
        .map((e) => ({ ...(e.data as { retryCount: number; nextAttemptAt: string }), at: e.metadata.at }));
      expect(failed.map((f) => f.retryCount)).toEqual([1, 2, 3]);
      expect(failed.map((f) => Date.parse(f.nextAttemptAt) - Date.parse(f.at))).toEqual([BASE, 2 * BASE, 4 * BASE]);
      const attempts = smtp.attemptsFor("busy@example.test").map((a) => a.at);
      expect(attempts).toHaveLength(4);
      const gaps = attempts.slice(1).map((at, i) => at - attempts[i]!);
      gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(BASE * 2 ** i));
      expect(smtp.mailsTo("watcher@example.test")).toHaveLength(1);
    },
  );

  it("retries a dropped connection and then delivers (retryCount 1)", async () => {
    const [s] = await queue({ to: "flaky@example.test" });
    const done = await settled(s!.sendingId);
    expect(done).toMatchObject({ status: "sent", retryCount: 1, errorMessage: null });
    expect(smtp.attemptsFor("flaky@example.test").map((a) => a.code)).toEqual([0, 250]);
    expect(smtp.mailsTo("flaky@example.test")).toHaveLength(1);
    const failed = (await journal(s!.sendingId)).find((e) => e.type === "SendingAttemptFailed");
    expect(failed!.data).toMatchObject({
      retryCount: 1,
      error: expect.stringMatching(/ECONNECTION|ESOCKET|closed|ended/i),
    });
  });

  it("refuses to cancel sent and bounced sendings (409 INVALID_STATE)", async () => {
    const [sent] = await queue({ to: "dora@example.test" });
    const [bounced] = await queue({ to: "perm@example.test" });
    await settled(sent!.sendingId);
    await settled(bounced!.sendingId);
    for (const id of [sent!.sendingId, bounced!.sendingId]) {
      const r = await t.request("DELETE", `/resources/sendings/${id}`, { token: "writer" });
      expect(r.status).toBe(409);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe("INVALID_STATE");
    }
  });

  it("reports counts and the bounce rate on /metrics and /readyz", async () => {
    const m = await t.request("GET", "/metrics");
    expect(m.status).toBe(200);
    expect(m.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await m.text();
    const value = (name: string) =>
      Number(new RegExp(`^${name.replace(/[{}"]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1]);
    const list = async (status: string) =>
      (
        (await (await t.request("GET", `/resources/sendings?status=${status}`, { token: "writer" })).json()) as {
          totalCount: number;
        }
      ).totalCount;
    const [sent, bounced] = [await list("sent"), await list("bounced")];
    expect(value('sendings_total{status="sent"}')).toBe(sent);
    expect(value('sendings_total{status="bounced"}')).toBe(bounced);
    expect(value("sendings_pending")).toBe(await list("pending"));
    expect(value("sendings_bounce_rate_24h")).toBeCloseTo(bounced / (sent + bounced), 6);
    expect(value("sendings_bounce_rate_high")).toBe(1);
    const ready = (await (await t.request("GET", "/readyz")).json()) as {
      ready: boolean;
      checks: { sendings: Record<string, unknown> };
    };
    expect(ready.ready).toBe(true);
    expect(ready.checks.sendings).toMatchObject({
      ok: true,
      status: "healthy",
      bounceRateHigh: true,
      smtpConfigured: true,
    });
  });
});
