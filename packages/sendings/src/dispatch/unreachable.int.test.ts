import { createServer } from "node:net";
import type { AddressInfo, Server, Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createSendingsContext } from "../index.ts";
import { getSendingOverRest, queueEmailOverRest } from "../testing/index.ts";

const boot = (smtpUrl: string) =>
  createTestPlatform(
    [
      staticAuthContext({ writer: { scope: ["sendings:*"] } }),
      createSendingsContext({ dispatcher: { smtpTimeouts: { connectionMs: 200, greetingMs: 200, socketMs: 200 } } }),
    ],
    { SMTP_URL: smtpUrl, SENDINGS_INTERVAL_MS: "20", SENDINGS_RETRY_BASE_MS: "20", SENDINGS_RATE_PER_MINUTE: "1000" },
  );

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );

const bounceOf = async (t: TestPlatform) => {
  const [s] = await queueEmailOverRest(t, { to: "x@example.test" });
  const get = () => getSendingOverRest(t, s!.sendingId);
  await expect.poll(async () => (await get()).status, { timeout: 20_000, interval: 25 }).toBe("bounced");
  const events = await t.platform.store.readStream(`sending-${s!.sendingId}`);
  return { record: await get(), types: events.map((e) => e.type) };
};

const retriedThenBounced = [
  "SendingQueued",
  "SendingAttemptFailed",
  "SendingAttemptFailed",
  "SendingAttemptFailed",
  "SendingBounced",
];

describe("an unreachable SMTP server", () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it("retries a refused connection 3 times, then bounces with retryCount 3", async () => {
    const probe = createServer();
    const port = await listen(probe);
    await new Promise((r) => probe.close(r));
    const t = await boot(`smtp://127.0.0.1:${port}`);
    cleanup.push(() => t.close());
    const { record, types } = await bounceOf(t);
    expect(types).toEqual(retriedThenBounced);
    expect(record).toMatchObject({ status: "bounced", retryCount: 3 });
    expect(record.errorMessage).toMatch(/ECONNREFUSED/);
  });

  it("retries a server that never answers (timeout), then bounces with retryCount 3", async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((s) => {
      sockets.add(s);
      s.on("error", () => undefined);
    });
    const port = await listen(silent);
    cleanup.push(
      () =>
        new Promise((r) => {
          for (const s of sockets) s.destroy();
          silent.close(r);
        }),
    );
    const t = await boot(`smtp://127.0.0.1:${port}`);
    cleanup.push(() => t.close());
    const { record, types } = await bounceOf(t);
    expect(types).toEqual(retriedThenBounced);
    expect(record.retryCount).toBe(3);
    expect(record.errorMessage).toMatch(/ETIMEDOUT|timeout/i);
  });
});
