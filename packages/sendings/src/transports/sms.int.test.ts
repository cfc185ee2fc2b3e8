import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import smpp from "smpp";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createSendingsContext, sendingsContext } from "../index.ts";
import type { SendingRecord } from "../index.ts";
import { getSendingOverRest, startTestSmsc } from "../testing/index.ts";
import type { TestSmsc } from "../testing/index.ts";

const users = {
  writer: { scope: ["sendings:*"] },
  reader: { scope: ["sendings:read"] },
  web: { scope: ["sendings:*"], attributes: { channelKey: ["web"] } },
};
const env = {
  SMS_FROM: "+4930123456",
  SENDINGS_INTERVAL_MS: "50",
  SENDINGS_RETRY_BASE_MS: "100",
  SMS_RATE_PER_MINUTE: "1000",
};
let smsc: TestSmsc;
let t: TestPlatform;
beforeAll(async () => {
  smsc = await startTestSmsc();
  t = await createTestPlatform([staticAuthContext(users), sendingsContext], { ...env, SMS_URL: smsc.url() });
});
afterAll(async () => {
  await t.close();
  await smsc.close();
});

type Err = { error: { code: string; details?: { path: string; message: string }[] } };
let numbers = 0;
/** A fresh number per test, so each test reads only its own submits. */
const number = () => `+49151${String(1_000_000 + ++numbers)}`;
const queue = async (to: string, text = "Your code is 123456", platform = t) => {
  const r = await platform.request("POST", "/resources/sendings/sms", {
    token: "writer",
    body: { to, body: { text }, category: "otp" },
  });
  expect(r.status, await r.clone().text()).toBe(202);
  return ((await r.json()) as { sendings: SendingRecord[] }).sendings[0]!;
};
const settled = (id: string, platform = t) =>
  expect
    .poll(async () => (await getSendingOverRest(platform, id)).status, { timeout: 10_000, interval: 25 })
    .not.toBe("pending")
    .then(() => getSendingOverRest(platform, id));
const journal = async (id: string, platform = t) =>
  (await platform.platform.store.readStream(`sending-${id}`)).map((e) => ({
    type: e.type,
    data: e.data as Record<string, unknown>,
  }));

describe("SMS over SMPP", () => {
  it("submits a GSM-7 text to the E.164 number, from SMS_FROM, asking for a receipt", async () => {
    const to = number();
    const s = await queue(to, "Grüße! Your code is 123456 {ok}");
    expect(s).toMatchObject({ transport: "sms", recipient: to, subject: null, status: "pending", category: "otp" });
    expect(await settled(s.sendingId)).toMatchObject({ status: "sent", retryCount: 0, errorMessage: null });
    const [submit] = smsc.submits(to.slice(1));
    expect(smsc.submits(to.slice(1))).toHaveLength(1);
    expect(submit).toMatchObject({
      systemId: "platform",
      destTon: 1,
      source: "4930123456",
      sourceTon: 1,
      dataCoding: 0,
      registeredDelivery: 1,
      text: "Grüße! Your code is 123456 {ok}",
      part: undefined,
      status: 0,
    });
    expect((await journal(s.sendingId))[1]).toEqual({
      type: "SendingSent",
      data: { sentAt: expect.any(String), messageId: submit!.messageId, rejectedCopies: [] },
    });
  });

  it("sends a long text in UCS-2 as concatenated parts the phone joins", async () => {
    const to = number();
    const text = "Привет! Ваш заказ отправлен. ".repeat(6);
    const s = await queue(to, text);
    expect((await settled(s.sendingId)).status).toBe("sent");
    const parts = smsc.submits(to.slice(1));
    expect(parts.map((p) => [p.dataCoding, p.part?.total, p.part?.sequence])).toEqual([
      [8, 3, 1],
      [8, 3, 2],
      [8, 3, 3],
    ]);
    expect(new Set(parts.map((p) => p.part!.reference)).size).toBe(1);
    expect(parts.map((p) => p.text).join("")).toBe(text);
    expect((await journal(s.sendingId))[1]!.data.messageId).toBe(parts.map((p) => p.messageId).join(","));
  });

  it("bounces at once on a permanent status", async () => {
    for (const status of ["ESME_RINVDSTADR", "ESME_RINVSRCADR"]) {
      const to = number();
      smsc.answer(to.slice(1), smpp.errors[status]!);
      const done = await settled((await queue(to)).sendingId);
      expect(done).toMatchObject({
        status: "bounced",
        retryCount: 0,
        errorMessage: `SMSC answered ${status} (0x${smpp.errors[status]!.toString(16).padStart(8, "0")})`,
      });
      expect(smsc.submits(to.slice(1))).toHaveLength(1);
    }
  });

  it("retries throttling, a full queue and a system error, then sends", async () => {
    const to = number();
    smsc.answer(to.slice(1), smpp.errors.ESME_RTHROTTLED!, smpp.errors.ESME_RMSGQFUL!, smpp.errors.ESME_RSYSERR!);
    const s = await queue(to);
    expect(await settled(s.sendingId)).toMatchObject({ status: "sent", retryCount: 3 });
    expect(smsc.submits(to.slice(1)).map((r) => r.status)).toEqual([0x58, 0x14, 0x08, 0]);
    expect((await journal(s.sendingId)).map((e) => e.data.error ?? null).slice(1, 4)).toEqual([
      "SMSC answered ESME_RTHROTTLED (0x00000058)",
      "SMSC answered ESME_RMSGQFUL (0x00000014)",
      "SMSC answered ESME_RSYSERR (0x00000008)",
    ]);
  });

  it("records delivery receipts: delivered stays sent, undeliverable bounces", async () => {
    const delivered = await queue(number());
    const lost = await queue(number());
    await settled(delivered.sendingId);
    await settled(lost.sendingId);
    const idOf = async (id: string) => String((await journal(id))[1]!.data.messageId);
    smsc.receipt(await idOf(delivered.sendingId), "DELIVRD");
    smsc.receipt(await idOf(lost.sendingId), "UNDELIV", { tlv: true });
    smsc.receipt("msg-from-elsewhere", "DELIVRD");
    await expect.poll(async () => (await journal(lost.sendingId)).length, { timeout: 5000, interval: 25 }).toBe(3);
    await expect.poll(async () => (await journal(delivered.sendingId)).length, { timeout: 5000, interval: 25 }).toBe(3);
    expect((await journal(delivered.sendingId))[2]).toEqual({
      type: "SendingReceiptReceived",
      data: { messageId: await idOf(delivered.sendingId), state: "DELIVRD", error: "000", bounced: false },
    });
    expect((await journal(lost.sendingId))[2]).toEqual({
      type: "SendingReceiptReceived",
      data: { messageId: await idOf(lost.sendingId), state: "UNDELIV", error: null, bounced: true },
    });
    await expect
      .poll(async () => (await getSendingOverRest(t, lost.sendingId)).status, { timeout: 5000, interval: 25 })
      .toBe("bounced");
    expect(await getSendingOverRest(t, lost.sendingId)).toMatchObject({ errorMessage: "delivery receipt: UNDELIV" });
    expect((await getSendingOverRest(t, delivered.sendingId)).status).toBe("sent");
  });

  it("binds again after the SMSC dropped the connection", async () => {
    await settled((await queue(number())).sendingId);
    const binds = smsc.binds();
    smsc.drop();
    const s = await queue(number());
    expect((await settled(s.sendingId)).status).toBe("sent");
    expect(smsc.binds()).toBe(binds + 1);
  });

  it("names every bad field, and keeps the sendings rules", async () => {
    const post = (body: unknown, token = "writer") => t.request("POST", "/resources/sendings/sms", { token, body });
    const ok = { to: number(), body: { text: "hi" }, category: "otp" };
    const cases: [Record<string, unknown>, string[]][] = [
      [{ to: "015112345678" }, ["to"]],
      [{ to: "+0151123" }, ["to"]],
      [{ to: "+1234567890123456" }, ["to"]],
      [{ to: ["+4915112345678"] }, ["to"]],
      [{ body: { text: "" } }, ["body.text"]],
      [{ body: { text: "x".repeat(1601) } }, ["body.text"]],
      [{ body: { text: "x", html: "<p>" } }, ["body.html"]],
      [{ dynamic: [] }, ["dynamic"]],
      [{ subject: "x" }, ["subject"]],
    ];
    for (const [over, paths] of cases) {
      const r = await post({ ...ok, ...over });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(
        ((await r.json()) as Err).error.details!.map((d) => d.path),
        JSON.stringify(over),
      ).toEqual(paths);
    }
    expect((await post(ok, "reader")).status).toBe(403);
    expect((await post({ ...ok, category: "system:otp" })).status).toBe(403);
    expect((await post({ ...ok, dynamic: { channelKey: "shop" } }, "web")).status).toBe(403);
    expect((await post({ ...ok, dynamic: { channelKey: "web" } }, "web")).status).toBe(202);
    expect(smsc.submits(ok.to.slice(1)).length).toBeLessThanOrEqual(1);
  });
});

describe("an SMSC that stops answering without closing", () => {
  it("is found by enquire_link and left; the next SMS binds again and goes out at its first attempt", async () => {
    const hung = await startTestSmsc();
    const watched = await createTestPlatform(
      [staticAuthContext(users), createSendingsContext({ dispatcher: { smsEnquireLinkMs: 100, smsTimeoutMs: 400 } })],
      { ...env, SMS_URL: hung.url() },
    );
    try {
      expect((await settled((await queue(number(), "one", watched)).sendingId, watched)).status).toBe("sent");
      expect(hung.connections()).toBe(1);
      hung.silence(true);
      await expect.poll(() => hung.connections(), { timeout: 5000, interval: 20 }).toBe(0);
      hung.silence(false);
      expect(await settled((await queue(number(), "two", watched)).sendingId, watched)).toMatchObject({
        status: "sent",
        retryCount: 0,
      });
      expect(hung.binds()).toBe(2);
    } finally {
      await watched.close();
      await hung.close();
    }
  });
});

describe("an SMSC that is not up when the service starts", () => {
  it("fails the attempt, waits, binds once it is there and sends", async () => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, "127.0.0.1", resolve));
    const port = (free.address() as AddressInfo).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    const late = await createTestPlatform([staticAuthContext(users), sendingsContext], {
      ...env,
      SENDINGS_RETRY_BASE_MS: "300",
      SMS_URL: `smpp://platform:s3cret@127.0.0.1:${port}`,
    });
    let server: TestSmsc | undefined;
    try {
      const s = await queue(number(), "hello", late);
      await expect
        .poll(async () => (await journal(s.sendingId, late)).length, { timeout: 10_000, interval: 25 })
        .toBe(2);
      expect((await journal(s.sendingId, late))[1]).toMatchObject({
        type: "SendingAttemptFailed",
        data: { retryCount: 1, error: expect.stringMatching(/ECONNREFUSED/) },
      });
      server = await startTestSmsc(port);
      expect(await settled(s.sendingId, late)).toMatchObject({ status: "sent", retryCount: 1 });
      expect(server.binds()).toBe(1);
    } finally {
      await late.close();
      await server?.close();
    }
  });
});
