import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { sendingsContext } from "../index.ts";
import { getSendingOverRest, queueEmailOverRest } from "../testing/index.ts";
import { createDispatcher } from "./dispatcher.ts";
import type { Dispatcher } from "./dispatcher.ts";

// SMTP_URL unset (README.md, "Configuration"): sendings stay pending and a warning is logged once.
let t: TestPlatform;
let dispatcher: Dispatcher;
let passes = 0;
const lines: { level: number; msg: string }[] = [];
beforeAll(async () => {
  t = await createTestPlatform([staticAuthContext({ writer: { scope: ["sendings:*"] } }), sendingsContext], {
    SENDINGS_INTERVAL_MS: "20",
    SENDINGS_RETRY_BASE_MS: "20",
  });
  const log = pino(
    { level: "info" },
    { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  dispatcher = createDispatcher({ ...t.platform, log }, { onPass: () => passes++ });
  dispatcher.start();
});
afterAll(async () => {
  await dispatcher.stop();
  await t.close();
});

describe("a dispatcher without SMTP_URL", () => {
  it("leaves sendings pending, unclaimed, and warns exactly once", async () => {
    const [s] = await queueEmailOverRest(t, { to: "ann@example.test" });
    const seen = passes;
    await expect.poll(() => passes, { timeout: 5000, interval: 20 }).toBeGreaterThanOrEqual(seen + 10);
    const got = await getSendingOverRest(t, s!.sendingId);
    expect(got).toMatchObject({ status: "pending", retryCount: 0, errorMessage: null, nextAttemptAt: null });
    expect((await t.platform.store.readStream(`sending-${s!.sendingId}`)).map((e) => e.type)).toEqual([
      "SendingQueued",
    ]);
    const { rows } = await t.platform.db.pool.query<{ claimed_by: string | null }>(
      "SELECT claimed_by FROM sendings_queue WHERE sending_id = $1",
      [s!.sendingId],
    );
    expect(rows).toEqual([{ claimed_by: null }]);
    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings.map((w) => w.msg)).toEqual(["SMTP_URL is not set: email sendings stay pending until it is"]);
  });
});
