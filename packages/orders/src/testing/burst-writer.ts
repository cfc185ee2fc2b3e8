/**
 * A small service for the crash test: boots the platform (orders + actors API, static auth)
 * on BURST_DATA_DIR (PGlite) or DATABASE_URL + BURST_SCHEMA (PostgreSQL), then has
 * BURST_WRITERS writers each create order BURST-<w> and send batches of three lines
 * forever through the HTTP routes, printing `ACK <w> <k>` once batch k was acknowledged
 * (200). The test kills it with SIGKILL mid-burst. Run: node --import tsx burst-writer.ts
 */
import { writeSync } from "node:fs";
import { Hono } from "hono";
import { openDatabase } from "@platform/db";
import { onError, requestId } from "@platform/http";
import { bootPlatform, createLogger, loadConfig } from "@platform/host";
import { staticAuthContext } from "@platform/http/testing";
import { actorsContext } from "@platform/actor-api";
import { ordersContext } from "../index.ts";
import { orderBody } from "./fixtures.ts";

const burstLine = (w: number, k: number, part: string, deliveryId: string) => ({
  type: "createOrderLine",
  orderLineId: `w${w}-b${k}-${part}`,
  deliveryId,
  productNumber: "BURST",
  description: "",
  quantity: k + 1,
  unitPrice: 1.25,
  taxFactor: 0.25,
});

const main = async () => {
  const url = process.env.DATABASE_URL || undefined;
  const db = await openDatabase(
    url ? { url, schema: process.env.BURST_SCHEMA } : { dataDir: process.env.BURST_DATA_DIR },
  );
  const log = createLogger("silent");
  const platform = await bootPlatform({
    config: loadConfig({ LOG_LEVEL: "silent" }),
    contexts: [staticAuthContext({ w: { scope: ["actors/order:*"], id: "burst" } }), actorsContext, ordersContext],
    log,
    db,
  });
  platform.followers.start();
  const app = new Hono();
  app.use("*", requestId());
  app.route("/", actorsContext.routes!(platform));
  app.onError(onError(log));
  const post = (path: string, body: unknown) =>
    app.request(`/resources/actors/order/${path}`, {
      method: "POST",
      headers: { Authorization: "Bearer w", "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  const writer = async (w: number) => {
    const created = await post("new", [{ type: "create", body: orderBody(`BURST-${w}`) }]);
    if (created.status !== 200) throw new Error(`create failed: ${created.status} ${await created.text()}`);
    const deliveryId = ((await created.json()) as { state: { deliveries: { deliveryId: string }[] } }).state
      .deliveries[0]!.deliveryId;
    writeSync(1, `CREATED ${w}\n`);
    for (let k = 0; ; k++) {
      const r = await post(`BURST-${w}`, [
        { type: "applyCommands", body: { commands: ["a", "b", "c"].map((p) => burstLine(w, k, p, deliveryId)) } },
      ]);
      if (r.status !== 200) throw new Error(`batch ${w}/${k} failed: ${r.status} ${await r.text()}`);
      writeSync(1, `ACK ${w} ${k}\n`);
    }
  };
  const writers = Number(process.env.BURST_WRITERS ?? 3);
  await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
};

main().catch((e) => {
  writeSync(2, `burst writer failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
