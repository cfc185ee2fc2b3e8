import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createSendingsContext } from "../index.ts";
import { getSendingOverRest, queueEmailOverRest, startTestSmtpServer } from "../testing/index.ts";
import type { TestSmtpServer } from "../testing/index.ts";
import { createDispatcher } from "./dispatcher.ts";
import type { Dispatcher } from "./dispatcher.ts";

// A lease far shorter than the server's reply: only the heartbeat keeps the claim.
const LEASE_MS = 300;
const SLOW_MS = 1500;

let smtp: TestSmtpServer;
let t: TestPlatform;
let second: Dispatcher;
let secondPasses = 0;
beforeAll(async () => {
  smtp = await startTestSmtpServer({ delayData: { "slow@example.test": SLOW_MS } });
  t = await createTestPlatform(
    [
      staticAuthContext({ writer: { scope: ["sendings:*"] } }),
      createSendingsContext({ dispatcher: { leaseMs: LEASE_MS } }),
    ],
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: "no-reply@example.org",
      SENDINGS_INTERVAL_MS: "20",
      SENDINGS_RATE_PER_MINUTE: "1000",
    },
  );
  second = createDispatcher(t.platform, { leaseMs: LEASE_MS, onPass: () => secondPasses++ });
  second.start();
});
afterAll(async () => {
  await second.stop();
  await t.close();
  await smtp.close();
});

describe("a delivery slower than the claim's lease", () => {
  it("keeps its claim by heartbeat, so a second dispatcher never sends the sending again", async () => {
    const [s] = await queueEmailOverRest(t, { to: "slow@example.test", subject: "Slow" });
    const status = async () => (await getSendingOverRest(t, s!.sendingId)).status;
    await expect.poll(status, { timeout: 10_000, interval: 25 }).toBe("sent");
    // Two more passes of the second dispatcher: any delivery it had started has finished by then.
    const seen = secondPasses;
    await expect.poll(() => secondPasses, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(seen + 2);
    expect(smtp.attemptsFor("slow@example.test")).toHaveLength(1);
    expect(smtp.mailsTo("slow@example.test").map((m) => m.messageId)).toEqual([`<${s!.sendingId}@example.org>`]);
    expect((await t.platform.store.readStream(`sending-${s!.sendingId}`)).map((e) => e.type)).toEqual([
      "SendingQueued",
      "SendingSent",
    ]);
  });
});
