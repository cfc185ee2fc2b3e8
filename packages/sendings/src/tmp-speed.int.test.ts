import { expect, it } from "vitest";
import { createTestPlatform, staticAuthContext } from "@platform/gateway/testing";
import { sendingsContext } from "./index.ts";
import { startTestSmtpServer } from "./testing/index.ts";

it("speed", async () => {
  const smtp = await startTestSmtpServer();
  const t = await createTestPlatform([staticAuthContext({ w: { scope: ["sendings:*"] } }), sendingsContext], { SMTP_URL: smtp.url, SENDINGS_INTERVAL_MS: "1000", SENDINGS_RATE_PER_MINUTE: "100000" });
  const to = Array.from({ length: 100 }, (_, i) => `u${i}@x.test`);
  let t0 = Date.now();
  await t.request("POST", "/resources/sendings/email", { token: "w", body: { to, subject: "s", body: { plainText: "x" }, category: "c" } });
  console.log("queue 100", Date.now() - t0);
  t0 = Date.now();
  await expect.poll(() => smtp.mails.length, { timeout: 60000, interval: 20 }).toBe(100);
  console.log("deliver 100", Date.now() - t0);
  await t.close();
  await smtp.close();
}, 120000);
