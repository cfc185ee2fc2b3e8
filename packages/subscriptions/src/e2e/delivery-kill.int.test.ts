import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "@platform/db";
import type { Database } from "@platform/db";
import { sendMessages } from "@platform/actor-runtime";
import { bootPlatform, createLogger, loadConfig } from "@platform/host";
import type { Platform } from "@platform/host";
import { newId } from "@platform/kernel";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { startWebhookReceiver } from "../testing/webhook-receiver.ts";
import type { WebhookReceiver } from "../testing/webhook-receiver.ts";
import { testContexts } from "../test-support/fixtures.ts";
import { newSecret } from "../delivery/webhook.ts";

/**
 * At least once across a kill (PostgreSQL: two processes share one database): a delivering
 * process is SIGKILLed mid-stream; the next one delivers every event, sending again only what
 * the first had delivered after its last checkpoint write.
 */
const url = process.env.DATABASE_URL || undefined;
const schema = `deliver_${randomBytes(5).toString("hex")}`;
const dataKey = randomBytes(32).toString("base64");
const script = fileURLToPath(new URL("../test-support/deliverer-process.ts", import.meta.url));
const ORDERS = 150;
const KILL_AFTER = 40;
/** The POSTs a deliverer has in flight per subscription (DeliveryOptions.concurrency, default). */
const CONCURRENCY = 16;

let db: Database;
let platform: Platform;
let receiver: WebhookReceiver;

const startDeliverer = () =>
  new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      env: { ...process.env, DELIVERER_SCHEMA: schema, DELIVERER_DATA_KEY: dataKey },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("READY") && resolve(child));
    child.on("exit", (code) => reject(new Error(`deliverer exited (${code}): ${stderr}`)));
  });

describe.skipIf(!url)("delivery across a kill of the delivering process", () => {
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    db = await openDatabase({ url: url!, schema });
    platform = await bootPlatform({
      config: loadConfig({ LOG_LEVEL: "silent", OUTBOUND_ALLOW_PRIVATE: "true", DATA_KEY: dataKey }),
      contexts: testContexts(),
      log: createLogger("silent"),
      db,
    });
    platform.followers.start();
  });
  afterAll(async () => {
    await platform?.close();
    await db?.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db?.close();
    await receiver?.close();
  });

  it("delivers every event at least once after a SIGKILL and a restart", { timeout: 120_000 }, async () => {
    const admin = await createPrincipalWithToken(platform, { roles: ["system:owner"] });
    const secret = newSecret();
    receiver.trust("kill", secret);
    await platform.runtime.execute(
      "subscription",
      "kill",
      [
        {
          type: "put",
          subscriptionId: "kill",
          spec: { url: receiver.url("kill"), eventTypes: ["OrderCreated"], description: null },
          maker: { principalId: admin.principalId, attributes: {} },
          secret,
        },
      ],
      {},
      { existence: "new" },
    );
    const ids: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const id = newId();
      const r = await sendMessages(
        platform.runtime,
        "order",
        id,
        [
          {
            type: "create",
            body: { orderNumber: `K-${i}`, createdAt: "2026-03-01T12:00:00Z", currencyCode: "SEK", taxIncluded: true },
          },
        ],
        { principalId: admin.principalId },
      );
      expect(r.results[0]!.ok).toBe(true);
      ids.push((await platform.store.readStream(`order-${id}`))[0]!.id);
    }

    const first = await startDeliverer();
    await vi.waitFor(() => expect(receiver.for("kill").length).toBeGreaterThanOrEqual(KILL_AFTER), {
      timeout: 30_000,
      interval: 5,
    });
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    const beforeRestart = receiver.for("kill").length;
    expect(beforeRestart).toBeLessThan(ORDERS);

    const second = await startDeliverer();
    try {
      await vi.waitFor(() => expect(new Set(receiver.for("kill").map((r) => r.webhookId)).size).toBe(ORDERS), {
        timeout: 60_000,
        interval: 20,
      });
    } finally {
      second.kill("SIGKILL");
    }
    const got = receiver.for("kill").map((r) => r.webhookId);
    expect(new Set(got)).toEqual(new Set(ids));
    // Sent again: only what the first process had delivered after its last checkpoint write (its window in flight and
    // the write's wait).
    const repeated = got.filter((id, i) => got.indexOf(id) !== i);
    const firstRun = new Set(got.slice(0, beforeRestart));
    expect(repeated.every((id) => firstRun.has(id))).toBe(true);
    expect(repeated.length).toBeLessThanOrEqual(2 * CONCURRENCY);
    expect(receiver.rejected).toEqual([]);
  });
});
