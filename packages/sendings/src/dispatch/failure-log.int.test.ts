import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@platform/host";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { sendingsContext } from "../index.ts";
import { getSendingOverRest, queueEmailOverRest, startTestSmtpServer } from "../testing/index.ts";
import type { TestSmtpServer } from "../testing/index.ts";
import { createDispatcher } from "./dispatcher.ts";
import type { Dispatcher } from "./dispatcher.ts";

const tag = randomBytes(5).toString("hex");
const gone = `gone.${tag}@example.test`;
const busy = `busy.${tag}@example.test`;
let smtp: TestSmtpServer;
let t: TestPlatform;
let dispatcher: Dispatcher;
const output: string[] = [];
beforeAll(async () => {
  // The test server's replies quote the recipient: "550 Mailbox gone.…@example.test does not exist".
  smtp = await startTestSmtpServer({ reject: { [gone]: 550, [busy]: 451 } });
  // No SMTP_URL for the platform's own dispatcher: only this one, whose log is kept, delivers.
  const env = { SENDINGS_INTERVAL_MS: "50", SENDINGS_RETRY_BASE_MS: "100" };
  t = await createTestPlatform([staticAuthContext({ writer: { scope: ["sendings:*"] } }), sendingsContext], env);
  const sink = new Writable({ write: (chunk: Buffer, _enc, done) => void (output.push(chunk.toString()), done()) });
  const config = { ...t.platform.config, smtpUrl: smtp.url, mailFrom: "Platform <no-reply@mail.example.org>" };
  dispatcher = createDispatcher({ ...t.platform, config, log: createLogger("debug", sink) });
  dispatcher.start();
});
afterAll(async () => {
  await dispatcher.stop();
  await t.close();
  await smtp.close();
});

describe("the log of a failed delivery", () => {
  it(
    "holds the sending id and the server's reply code, never the reply text or the address; the " +
      "text stays in the sending's record",
    async () => {
      const [bounced] = await queueEmailOverRest(t, { to: gone });
      const [retried] = await queueEmailOverRest(t, { to: busy });
      await expect
        .poll(async () => (await getSendingOverRest(t, bounced!.sendingId)).status, { timeout: 10_000, interval: 25 })
        .toBe("bounced");
      await expect
        .poll(async () => (await getSendingOverRest(t, retried!.sendingId)).retryCount, {
          timeout: 10_000,
          interval: 25,
        })
        .toBeGreaterThanOrEqual(1);
      expect((await getSendingOverRest(t, bounced!.sendingId)).errorMessage).toMatch(
        new RegExp(`^550 .*${gone.replace(/\./g, "\\.")} does not exist`),
      );
      expect((await getSendingOverRest(t, retried!.sendingId)).errorMessage).toMatch(/^451 .*busy, try later/);

      const lines = output.map((l) => JSON.parse(l) as Record<string, unknown>);
      const failures = lines.filter((l) => l.msg === "sending delivery failed");
      expect(failures).toContainEqual(
        expect.objectContaining({ level: 30, sendingId: bounced!.sendingId, replyCode: "550", permanent: true }),
      );
      expect(failures).toContainEqual(
        expect.objectContaining({ level: 30, sendingId: retried!.sendingId, replyCode: "451", permanent: false }),
      );
      for (const line of output) {
        expect(line.toLowerCase()).not.toContain(tag);
        expect(line).not.toMatch(/does not exist|busy, try later|Mailbox/);
      }
    },
  );
});
