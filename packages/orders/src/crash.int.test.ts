import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@platform/db";
import type { Database } from "@platform/db";
import { sendMessages } from "@platform/actor-runtime";
import { actorsContext } from "@platform/actor-api";
import { bootPlatform, createLogger, loadConfig } from "@platform/host";
import { staticAuthContext } from "@platform/http/testing";
import { ordersContext } from "./index.ts";
import type { OrderState } from "./order/state.ts";

const url = process.env.DATABASE_URL || undefined;
const schema = `crash_${randomBytes(5).toString("hex")}`;
const dataDir = url ? undefined : mkdtempSync(join(tmpdir(), "orders-crash-"));
const open = (): Promise<Database> => openDatabase(url ? { url, schema } : { dataDir });
const script = fileURLToPath(new URL("./testing/burst-writer.ts", import.meta.url));
const WRITERS = 3;
const KILL_AFTER_ACKS = 45;

afterAll(async () => {
  if (url) {
    const db = await openDatabase({ url });
    await db.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db.close();
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Runs the burst writer and SIGKILLs it once enough batches were acknowledged; returns the acknowledged batches per
 * writer.
 */
const burstAndKill = () =>
  new Promise<{ acked: Map<number, number[]>; signal: string | null }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      env: {
        ...process.env,
        BURST_SCHEMA: schema,
        ...(dataDir ? { BURST_DATA_DIR: dataDir } : {}),
        BURST_WRITERS: String(WRITERS),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const acked = new Map<number, number[]>();
    let count = 0;
    let buffer = "";
    let stderr = "";
    const guard = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdout.on("data", (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop()!;
      for (const line of lines) {
        const m = /^ACK (\d+) (\d+)$/.exec(line);
        if (!m) continue;
        acked.set(Number(m[1]), [...(acked.get(Number(m[1])) ?? []), Number(m[2])]);
        if (++count === KILL_AFTER_ACKS) child.kill("SIGKILL");
      }
    });
    child.on("exit", (_code, signal) => {
      clearTimeout(guard);
      if (count < KILL_AFTER_ACKS) reject(new Error(`burst writer stopped after ${count} acks (${signal}): ${stderr}`));
      else resolve({ acked, signal });
    });
  });

describe("a crash mid-burst", () => {
  it("keeps every acknowledged batch and never half a batch, after SIGKILL and restart", {
    timeout: 120_000,
  }, async () => {
    const { acked, signal } = await burstAndKill();
    expect(signal).toBe("SIGKILL");

    const db = await open();
    const platform = await bootPlatform({
      config: loadConfig({ LOG_LEVEL: "silent" }),
      contexts: [staticAuthContext({}), actorsContext, ordersContext],
      log: createLogger("silent"),
      db,
    });
    platform.followers.start();
    try {
      for (let w = 0; w < WRITERS; w++) {
        const resolved = await platform.runtime.resolve("order", `BURST-${w}`);
        expect(resolved).not.toBeNull();
        const events = await platform.store.readStream(`order-${resolved!.id}`);
        expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
        const lineIds = events
          .filter((e) => e.type === "OrderLineCreated")
          .map((e) => (e.data as { orderLineId: string }).orderLineId);
        const batches = new Map<number, string[]>();
        for (const id of lineIds.slice(1)) {
          const [, k, part] = /^w\d+-b(\d+)-([abc])$/.exec(id)!;
          batches.set(Number(k), [...(batches.get(Number(k)) ?? []), part!]);
        }
        // Every batch is all there or not at all, each in one piece of the journal.
        for (const parts of batches.values()) expect(parts).toEqual(["a", "b", "c"]);
        // Every acknowledged batch survived; only the batch in flight may be missing, or be there unacknowledged.
        for (const k of acked.get(w) ?? []) expect(batches.has(k)).toBe(true);
        expect([...batches.keys()]).toEqual([...batches.keys()].map((_, i) => i));
        const loaded = await platform.runtime.load("order", resolved!.id);
        expect((loaded.state as OrderState).lines).toHaveLength(1 + 3 * batches.size);
        expect(loaded.version).toBe(events.length);
        // The restarted service takes writes again where the journal left off.
        const after = await sendMessages(
          platform.runtime,
          "order",
          resolved!.id,
          [{ type: "applyCommands", body: { commands: [{ type: "cancelOrder", reason: "after crash" }] } }],
          { principalId: "ops" },
        );
        expect(after.results[0]).toMatchObject({
          ok: true,
          events: [{ type: "OrderCancelled", version: events.length + 1 }],
        });
      }
      // The read model catches up after the restart (the dead process's leases are taken over at once) to exactly the
      // journal's state.
      const head = await platform.store.headPosition();
      expect(await platform.followers.waitFor(head!, 45_000)).toBe(true);
      const rows = await db.kysely
        .selectFrom("orders_orders")
        .select(["order_number", "line_count", "version", "status"])
        .orderBy("order_number")
        .execute();
      for (const row of rows) {
        const loaded = await platform.runtime.load(
          "order",
          (await platform.runtime.resolve("order", row.order_number as string))!.id,
        );
        expect([row.line_count, row.version, row.status]).toEqual([
          (loaded.state as OrderState).lines.length,
          loaded.version,
          "cancelled",
        ]);
      }
      expect(rows).toHaveLength(WRITERS);
    } finally {
      await platform.close();
      await db.close();
    }
  });
});
