import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createServerDatabase, startPgBouncer } from "@platform/db/testing";
import type { PgBouncer } from "@platform/db/testing";
import { startTestSmtpServer } from "@platform/sendings/testing";
import type { TestSmtpServer } from "@platform/sendings/testing";
import { startWebhookReceiver } from "@platform/subscriptions/testing";
import { startMixedLoad } from "./support/mixed-load.ts";
import { dumpTables, holders, journal, query, runOps } from "./support/processes-checks.ts";
import { clientToken, startServiceProcess } from "./support/service-process.ts";
import type { ServiceProcess } from "./support/service-process.ts";

const serverUrl = process.env.DATABASE_URL;
const client = { BOOTSTRAP_CLIENT_ID: "mp-admin", BOOTSTRAP_CLIENT_SECRET: "mp-admin-secret-0123456789" };
const running: ServiceProcess[] = [];
let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
let bouncer: PgBouncer | undefined;
let smtp: TestSmtpServer | undefined;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;

afterAll(async () => {
  for (const p of running) await p.stop("SIGKILL");
  await receiver?.close();
  await smtp?.close();
  await bouncer?.stop();
  await database?.drop();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (p: ServiceProcess) => p.child.exitCode === null && p.child.signalCode === null;

describe.runIf(serverUrl)("many processes on one database behind PgBouncer (PostgreSQL)", () => {
  it("two gateways and two workers under a mixed load, each killed with -9 in turn: nothing acknowledged is lost, " +
    "no job runs twice at once, webhooks come in order, the read models equal a rebuild", {
    timeout: 300_000,
  }, async () => {
    const db = await createServerDatabase(serverUrl!, "mp");
    database = db;
    bouncer = await startPgBouncer(serverUrl!, 10);
    smtp = await startTestSmtpServer();
    receiver = await startWebhookReceiver();
    const env = {
      ...client,
      DATABASE_URL: bouncer.url(db.name),
      DATABASE_DIRECT_URL: db.url,
      DATA_KEY: randomBytes(32).toString("base64"),
      APPS_DIR: "docs/examples/apps",
      SMTP_URL: smtp.url,
      SENDINGS_INTERVAL_MS: "100",
      SENDINGS_RATE_PER_MINUTE: "600000",
      OUTBOUND_ALLOW_PRIVATE: "true",
    };
    const start = async (role: "gateway" | "worker") => {
      const p = await startServiceProcess({ ...env, ROLES: role });
      running.push(p);
      return p;
    };
    // The first start migrates, installs the app and projects both; the others find it done. (A gateway alone waits
    // for a worker's projections of the start's writes.)
    const workers = [await start("worker")];
    const [second, ...gateways] = await Promise.all([start("worker"), start("gateway"), start("gateway")]);
    workers.push(second!);
    const admin = gateways[0]!.url;
    const token = await clientToken(admin, client);
    const subscribed = await fetch(`${admin}/resources/subscriptions/mp`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ url: receiver.url("mp"), eventTypes: ["OrderCreated", "OrderLineQuantityChanged"] }),
    });
    expect(subscribed.status).toBe(201);
    receiver.trust("mp", ((await subscribed.json()) as { secret: string }).secret);

    const load = startMixedLoad({ gateways: () => gateways.filter(alive).map((g) => g.url), token, users: 8 });
    const workerKills: number[] = [];
    const takeovers: number[] = [];
    await pause(3000);
    for (const role of ["gateway", "worker", "gateway", "worker"] as const) {
      if (role === "gateway") {
        const victim = gateways.shift()!;
        await victim.stop("SIGKILL");
        gateways.push(await start("gateway"));
      } else {
        // The worker that holds the projections and reactors: its survivor must take them all, at once.
        const held = new Set((await holders(db.url)).values());
        const victim = workers.find((w) => held.has(w.child.pid!))!;
        const survivor = workers.find((w) => w !== victim)!;
        // The earliest the dead one's leases would run out by time alone (they are only ever renewed later).
        const until = (await query<{ until: Date }>(db.url, "SELECT min(lease_until) AS until FROM rt_checkpoints"))[0]!
          .until;
        workerKills.push(Date.now());
        await victim.stop("SIGKILL");
        const killedAt = Date.now();
        await expect
          .poll(async () => [...new Set((await holders(db.url)).values())], { timeout: 20_000, interval: 50 })
          .toEqual([survivor.child.pid]);
        takeovers.push(Date.now() - killedAt);
        // Taken while those leases still ran, on the database's clock: they went with the dead one's connections.
        expect(await query(db.url, "SELECT now() < $1 AS before", [until])).toEqual([{ before: true }]);
        workers.splice(workers.indexOf(victim), 1, await start("worker"));
      }
      await pause(2000);
    }
    const acked = await load.stop();
    process.stdout.write(
      `processes: ${acked.orders.size} orders, ${acked.jobs.length} jobs, ` +
        `${[...acked.orders.values()].flat().length} messages acknowledged; ${acked.broken} requests broken by ` +
        `the kills; leases taken over in ${takeovers.join(", ")} ms\n`,
    );
    expect(acked.unexpected).toEqual([]);
    expect(acked.orders.size).toBeGreaterThan(20);
    expect(acked.jobs.length).toBeGreaterThan(10);
    expect([...acked.orders.values()].flat().length).toBeGreaterThan(20);

    // Everything acknowledged is done in the end: each job succeeded, each mail arrived, each event was delivered.
    const events = async () => journal(db.url);
    // (A job whose answer a kill broke may have been made too: only the acknowledged ones are counted.)
    const ackedJobs = new Set(acked.jobs.map((id) => `job-${id}`));
    const succeeded = async () =>
      (await events()).filter((e) => e.type === "JobSucceeded" && ackedJobs.has(e.stream_id)).length;
    await expect.poll(succeeded, { timeout: 60_000 }).toBe(acked.jobs.length);
    await expect
      .poll(() => acked.mails.filter((to) => smtp!.mailsTo(to).length === 0), { timeout: 60_000 })
      .toEqual([]);
    const log = await events();
    const subscribedTypes = new Set(["OrderCreated", "OrderLineQuantityChanged"]);
    const expected = log.filter((e) => subscribedTypes.has(e.type)).map((e) => `${e.stream_id}@${e.version}`);
    const firstDeliveries = () => {
      const seen = new Set<string>();
      return receiver!.for("mp").filter((r) => !seen.has(r.webhookId) && seen.add(r.webhookId));
    };
    await expect.poll(() => firstDeliveries().length, { timeout: 60_000 }).toBe(expected.length);
    const delivered = firstDeliveries().map((r) => `${r.payload.stream}@${r.payload.version}`);
    expect(new Set(delivered)).toEqual(new Set(expected));
    const lastVersion = new Map<string, number>();
    for (const r of firstDeliveries()) {
      expect(r.payload.version, `${r.payload.stream} in order`).toBeGreaterThan(lastVersion.get(r.payload.stream) ?? 0);
      lastVersion.set(r.payload.stream, r.payload.version);
    }

    // Each acknowledged order and message is in the journal.
    for (const [orderId, quantities] of acked.orders) {
      const stream = log.filter((e) => e.stream_id === `order-${orderId}`);
      expect(stream[0]?.type, orderId).toBe("OrderCreated");
      const changed = stream.filter((e) => e.type === "OrderLineQuantityChanged").map((e) => e.data.quantity);
      expect(changed.filter((q) => quantities.includes(q as number)).sort()).toEqual([...quantities].sort());
    }
    // A job starts again without an outcome between only when a worker died in between (its run was lost with it).
    for (const jobId of acked.jobs) {
      const stream = log.filter((e) => e.stream_id === `job-${jobId}`);
      expect(stream.filter((e) => e.type === "JobSucceeded").length, jobId).toBe(1);
      expect(stream.at(-1)?.type, jobId).toBe("JobSucceeded");
      stream.forEach((e, i) => {
        const before = stream[i - 1];
        if (e.type !== "JobStarted" || before?.type !== "JobStarted") return;
        const [from, to] = [Date.parse(String(before.data.startedAt)), Date.parse(String(e.data.startedAt))];
        expect(
          workerKills.some((k) => from <= k && k <= to),
          `${jobId} started twice at once`,
        ).toBe(true);
      });
    }

    // Stopped, the journal folds without a fault, and a rebuild of every read model from it changes no row.
    await Promise.all(running.filter(alive).map((p) => p.stop()));
    const opsEnv = { ...env, ROLES: "worker" };
    const verified = await runOps(["verify"], opsEnv);
    expect(verified.output).toMatch(/verified \d+ streams, \d+ events: OK/);
    expect(verified.code).toBe(0);
    const live = await dumpTables(db.url);
    const rebuilt = await runOps(["rebuild", "all"], opsEnv);
    expect(rebuilt.code, rebuilt.output).toBe(0);
    const fromLog = await dumpTables(db.url);
    expect([...fromLog.keys()]).toEqual([...live.keys()]);
    for (const [table, rows] of live) expect(fromLog.get(table), table).toEqual(rows);
  });
});
