import { randomBytes } from "node:crypto";
import { newId } from "@platform/kernel";
import { migrate } from "@platform/db";
import { createIamContext } from "@platform/iam";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { createGatewayApp } from "@platform/http";
import { bootPlatform, createLogger, loadConfig, platformMigrations, startWorker } from "@platform/host";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { runFor } from "../harness.ts";

const WRITERS = 16;
const READERS = 32;
const who = { principalId: "bench", requestId: "bench" };
const properties = (i: number) => ({
  name: `Bench Person ${i}`,
  email: `bench.${newId()}@example.com`,
  phone: null,
  picture: `https://pictures.example.com/${i}.png`,
  settings: { locale: "sv", theme: "dark" },
});

/**
 * Principal writes and reads through the platform (the runtime's appends with their natural
 * keys and read-model catch-up; the store's stream reads a journal page makes), once with
 * personal data sealed (the default) and once stored as given, on two fresh schemas in one run.
 * Variants run in turn, then again in reverse order; each figure is the mean of its two runs.
 */
const suite: BenchSuite = {
  name: "personal-data",
  async run(ctx) {
    const contexts = [createIamContext({ hashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 } })];
    const config = loadConfig({
      PUBLIC_URL: "http://localhost:8080",
      DATA_KEY: randomBytes(32).toString("base64"),
      LOG_LEVEL: "silent",
    });
    const measure = async (seal: boolean) => {
      const db = await ctx.freshDatabase(WRITERS + 8);
      await migrate(db, platformMigrations(contexts));
      const platform = await bootPlatform({
        config,
        contexts,
        log: createLogger("silent"),
        db,
        sealPersonalData: seal,
      });
      const worker = startWorker(platform);
      try {
        const ids: string[] = [];
        const creates = await runFor(ctx.seconds, WRITERS, async (_loop, i) => {
          const id = newId();
          await platform.runtime.execute(
            "principal",
            id,
            [{ type: "create", definition: { properties: properties(i), roles: [], acl: [], accessAttributes: {} } }],
            who,
            { existence: "new" },
          );
          ids.push(id);
        });
        const pick = () => ids[Math.floor(Math.random() * ids.length)]!;
        const changes = await runFor(ctx.seconds, WRITERS, async (_loop, i) => {
          await platform.runtime.execute(
            "principal",
            pick(),
            [{ type: "changeProperties", properties: properties(i) }],
            who,
            { existence: "exists" },
          );
        });
        const reads = await runFor(ctx.seconds, READERS, async () => {
          await platform.store.readStream(`principal-${pick()}`);
        });
        // The same reads as the journal route answers them, through the gateway in-process (auth, routing, JSON).
        const app = createGatewayApp(platform);
        const { token } = await createPrincipalWithToken(platform, { roles: ["system:owner"] });
        const headers = { Authorization: `Bearer ${token}` };
        const pages = await runFor(ctx.seconds, READERS, async () => {
          const r = await app.request(`/resources/iam/principals/${pick()}/journal`, { headers });
          if (r.status !== 200) throw new Error(`journal: ${r.status}`);
          await r.arrayBuffer();
        });
        return { creates, changes, reads, pages, principals: ids.length };
      } finally {
        await worker.stop();
        await platform.close();
      }
    };
    const runs: Record<"sealed" | "plain", Awaited<ReturnType<typeof measure>>[]> = { sealed: [], plain: [] };
    for (const order of [
      ["plain", "sealed"],
      ["sealed", "plain"],
    ] as const)
      for (const v of order) runs[v].push(await measure(v === "sealed"));
    const mean = (v: "sealed" | "plain", pick: (r: Awaited<ReturnType<typeof measure>>) => number) =>
      runs[v].reduce((s, r) => s + pick(r), 0) / runs[v].length;
    const rows: BenchRow[] = [];
    for (const [metric, pick] of [
      ["principal creates (new key each), 16 writers", (r: Awaited<ReturnType<typeof measure>>) => r.creates.perSecond],
      ["principal property changes, 16 writers", (r: Awaited<ReturnType<typeof measure>>) => r.changes.perSecond],
      [
        "principal stream reads (store.readStream), 32 readers",
        (r: Awaited<ReturnType<typeof measure>>) => r.reads.perSecond,
      ],
      [
        "GET /resources/iam/principals/{id}/journal (gateway in-process), 32 at once",
        (r: Awaited<ReturnType<typeof measure>>) => r.pages.perSecond,
      ],
    ] as const) {
      const plain = mean("plain", pick);
      const sealed = mean("sealed", pick);
      rows.push({
        suite: "personal-data",
        metric: `${metric}, stored as given (baseline)`,
        value: plain,
        unit: "ops/s",
      });
      rows.push({
        suite: "personal-data",
        metric: `${metric}, sealed (default)`,
        value: sealed,
        unit: "ops/s",
        note: `${(((sealed - plain) / plain) * 100).toFixed(1)}% vs baseline`,
      });
    }
    return rows;
  },
};

export default suite;
