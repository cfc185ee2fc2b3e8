import { newId } from "@platform/kernel";
import { createPostgresEventStore, eventStoreMigrations } from "@platform/event-store";
import { migrate } from "@platform/db";
import type { BenchSuite } from "../harness.ts";
import { runFor } from "../harness.ts";

const WRITERS = 8;
const meta = { at: new Date().toISOString(), principalId: "bench", requestId: "bench" };
const payload = (i: number) => ({ sku: `SKU-${i}`, quantity: 2, unitPrice: "19.90", note: "benchmark event payload" });

/**
 * Appends of 3-event batches from 8 concurrent writers through the EventStore port, next
 * to raw SQL doing the same three inserts per transaction with pg, in the same run.
 */
const suite: BenchSuite = {
  name: "event-store",
  async run(ctx) {
    const db = await ctx.freshDatabase(WRITERS + 2);
    await migrate(db, [{ context: "event-store", migrations: eventStoreMigrations }]);
    await db.pool.query(
      `CREATE TABLE bench_raw (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, stream_id text NOT NULL,
        version int NOT NULL, type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL,
        UNIQUE (stream_id, version))`,
    );

    const raw = await runFor(ctx.seconds, WRITERS, async (loop, i) => {
      const conn = await db.pool.connect();
      try {
        const stream = `raw-${loop}`;
        await conn.query("BEGIN");
        for (let k = 1; k <= 3; k++)
          await conn.query(
            "INSERT INTO bench_raw (stream_id, version, type, data, metadata) VALUES ($1, $2, $3, $4, $5)",
            [stream, i * 3 + k, "LineAdded", JSON.stringify(payload(k)), JSON.stringify(meta)],
          );
        await conn.query("COMMIT");
      } finally {
        conn.release();
      }
    });

    const store = createPostgresEventStore({ db });
    const streams = Array.from({ length: WRITERS }, () => `order-${newId()}`);
    const port = await runFor(ctx.seconds, WRITERS, async (loop, i) => {
      await store.append(
        streams[loop]!,
        [1, 2, 3].map((k) => ({ type: "LineAdded", data: payload(k), metadata: meta })),
        { expectedVersion: i * 3 },
      );
    });
    await store.close();
    return [
      {
        suite: "event-store",
        metric: "raw SQL baseline (BEGIN, 3 INSERT, COMMIT)",
        value: raw.perSecond,
        unit: "tx/s",
        note: `p99 ${raw.p99.toFixed(1)} ms`,
      },
      {
        suite: "event-store",
        metric: "EventStore.append, 3-event batches, 8 writers",
        value: port.perSecond,
        unit: "appends/s",
        note: `p99 ${port.p99.toFixed(1)} ms`,
      },
      {
        suite: "event-store",
        metric: "port / baseline",
        value: (port.perSecond / raw.perSecond) * 100,
        unit: "%",
        note: "goal >= 70%",
      },
    ];
  },
};

export default suite;
