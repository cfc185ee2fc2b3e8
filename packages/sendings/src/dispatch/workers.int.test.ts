import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createSendingsContext } from "../index.ts";
import { getSendingOverRest, queueEmailOverRest, startTestSmtpServer } from "../testing/index.ts";
import type { TestSmtpServer } from "../testing/index.ts";
import { newId } from "@platform/kernel";
import { createDispatcher } from "./dispatcher.ts";
import { createSmtpMailer } from "../transports/smtp-mailer.ts";
import type { Dispatcher } from "./dispatcher.ts";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());

const boot = async (env: Record<string, string>, onPass?: () => void) =>
  createTestPlatform(
    [
      staticAuthContext({ writer: { scope: ["sendings:*"] } }),
      createSendingsContext({ dispatcher: { ...(onPass ? { onPass } : {}) } }),
    ],
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: "no-reply@example.org",
      SENDINGS_INTERVAL_MS: "50",
      SENDINGS_RETRY_BASE_MS: "100",
      ...env,
    },
  );

const queueMany = (t: TestPlatform, to: string[]) => queueEmailOverRest(t, { to, subject: "Batch", category: "batch" });
const count = async (t: TestPlatform, status: string) =>
  (
    (await (await t.request("GET", `/resources/sendings?status=${status}`, { token: "writer" })).json()) as {
      totalCount: number;
    }
  ).totalCount;

describe("several dispatchers on one database", () => {
  let t: TestPlatform;
  let second: Dispatcher;
  beforeAll(async () => {
    t = await boot({ SENDINGS_RATE_PER_MINUTE: "1000" });
    second = createDispatcher(t.platform);
    second.start();
  });
  afterAll(async () => {
    await second.stop();
    await t.close();
  });

  it("never deliver the same sending twice", async () => {
    const to = Array.from({ length: 20 }, (_, i) => `pair${i}@example.test`);
    const sendings = await queueMany(t, to);
    await expect.poll(() => count(t, "sent"), { timeout: 20_000, interval: 50 }).toBe(20);
    const ids = to.flatMap((a) => smtp.mailsTo(a).map((m) => m.messageId));
    expect(ids).toHaveLength(20);
    expect(new Set(ids)).toEqual(new Set(sendings.map((s) => `<${s.sendingId}@example.org>`)));
  });

  it("take over a crashed worker's claim once its lease runs out, resending the same Message-ID", async () => {
    const id = newId();
    // A worker claimed the sending (the queue row exists before the projection's insert, which then does nothing)…
    await t.platform.db.pool.query(
      "INSERT INTO sendings_queue (sending_id, due_at, claimed_by, lease_until) VALUES ($1, " +
        "now(), 'crashed', clock_timestamp() + interval '1500 milliseconds')",
      [id],
    );
    await t.platform.runtime.execute(
      "sending",
      id,
      [
        {
          type: "queue",
          recipient: "crash@example.test",
          transport: "email",
          category: "c",
          subject: "Once",
          plainText: "x",
          html: null,
          cc: "",
          bcc: "",
          dynamic: {},
        },
      ],
      { clientId: "test" },
      { existence: "new" },
    );
    // …delivered it, and died before recording anything.
    const crashed = createSmtpMailer({ smtpUrl: smtp.url, mailFrom: "no-reply@example.org" });
    const outcome = await crashed.deliver({
      sendingId: id,
      to: "crash@example.test",
      cc: [],
      bcc: [],
      includeCopies: true,
      subject: "Once",
      text: "x",
      html: null,
    });
    crashed.close();
    expect(outcome.kind).toBe("sent");
    const status = async () => (await getSendingOverRest(t, id)).status;
    expect(await status()).toBe("pending");
    await expect.poll(status, { timeout: 20_000, interval: 25 }).toBe("sent");
    const mails = smtp.mailsTo("crash@example.test");
    expect(mails.map((m) => m.messageId)).toEqual([`<${id}@example.org>`, `<${id}@example.org>`]);
    expect((await t.platform.store.readStream(`sending-${id}`)).map((e) => e.type)).toEqual([
      "SendingQueued",
      "SendingSent",
    ]);
  });
});

describe("the rate limit", () => {
  let t: TestPlatform;
  let second: Dispatcher;
  let passes = 0;
  beforeAll(async () => {
    t = await boot({ SENDINGS_RATE_PER_MINUTE: "2" }, () => passes++);
    second = createDispatcher(t.platform);
    second.start();
  });
  afterAll(async () => {
    await second.stop();
    await t.close();
  });

  it("delivers only SENDINGS_RATE_PER_MINUTE per minute across all dispatchers", async () => {
    const to = Array.from({ length: 5 }, (_, i) => `rate${i}@example.test`);
    await queueMany(t, to);
    const delivered = () => to.reduce((n, a) => n + smtp.mailsTo(a).length, 0);
    await expect.poll(delivered, { timeout: 5000, interval: 25 }).toBe(2);
    // Let the dispatcher make several more passes: nothing more may go out this minute.
    const seen = passes;
    await expect.poll(() => passes, { timeout: 5000, interval: 25 }).toBeGreaterThanOrEqual(seen + 6);
    expect(delivered()).toBe(2);
    expect(await count(t, "sent")).toBe(2);
    expect(await count(t, "pending")).toBe(3);
    const { rows } = await t.platform.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM sendings_rate_log");
    expect(rows[0]!.n).toBe(2);
  });
});
