import { randomUUID } from "node:crypto";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { BENCH_CLIENT, apiCaller, clientToken, load, startService } from "../service.ts";
import { createOrder } from "./orders.ts";

const SINGLE_GOAL = 25;
const LIST_GOAL = 15;
const CREATE_P99_GOAL_MS = 50;
const RECORDS = 12;

/** The engines measured: BENCH_ENGINES="postgres,embedded" (default both). */
const engines = (process.env.BENCH_ENGINES ?? "postgres,embedded")
  .split(",")
  .map((e) => e.trim())
  .filter((e): e is "postgres" | "embedded" => e === "postgres" || e === "embedded");

/** BENCH_READS: only the reads whose name matches this pattern (e.g. "principals|orders"), to profile one at a time. */
const wanted = new RegExp(process.env.BENCH_READS ?? "", "i");

const APP = (n: number) => ({
  manifest: {
    id: `bench-reads-${n}`,
    name: `Bench reads ${n}`,
    description: "An app with one component and one job definition",
    authors: ["Bench"],
    components: [{ id: "main" }],
    ingresses: [],
    jobDefinitions: [
      { id: "nightly", componentId: "main", schedules: [{ cron: "0 3 1 1 *", timeZone: "Europe/Berlin" }] },
    ],
  },
  components: {
    main: {
      source:
        "export const parameters = { n: { type: ['number', 'nothing'] } };\nexport default async " +
        "function run(params) { return { n: params.n ?? 0 }; }\n",
    },
  },
});

/**
 * Seeds RECORDS of each resource through the API (principals, clients, roles, sendings,
 * orders, apps with their job definitions, jobs due next year so none runs during the
 * measure), and returns one id of each.
 */
const seed = async (url: string, token: string) => {
  const api = apiCaller(url, token);
  const ids = { principal: "", client: "", role: "", sending: "", order: "", app: "", definition: "", job: "" };
  for (let i = 0; i < RECORDS; i++) {
    const principal = randomUUID();
    await api("PUT", `/resources/iam/principals/${principal}`, {
      properties: { name: `Reader ${i}`, email: `reader.${i}@bench.test` },
      roles: [],
      acl: [],
      accessAttributes: {},
    });
    const client = randomUUID();
    await api("PUT", `/resources/iam/clients/${client}`, {
      properties: { name: `Reader client ${i}`, grantTypes: ["client_credentials"] },
    });
    await api("PUT", `/resources/iam/roles/bench:reader${i}`, { acl: ["orders:read"], description: `Reader ${i}` });
    const sent = (await api("POST", "/resources/sendings/email", {
      to: `reader${i}@bench.test`,
      subject: "Bench",
      body: { plainText: "x" },
      category: "bench",
    })) as { sendings: { sendingId: string }[] };
    const order = (await api("POST", "/resources/actors/order/new", createOrder())) as { actor: { id: string } };
    await api("PUT", `/resources/apps/bench-reads-${i}`, APP(i));
    const job = (await api("POST", "/resources/jobs", {
      jobDefinitionId: `apps/bench-reads-${i}/nightly`,
      parameters: { n: i },
      runAt: `${new Date().getUTCFullYear() + 1}-01-01T00:00:00Z`,
    })) as { jobId: string };
    Object.assign(ids, {
      principal,
      client,
      role: `bench:reader${i}`,
      sending: sent.sendings[0]!.sendingId,
      order: order.actor.id,
      app: `bench-reads-${i}`,
      definition: `apps/bench-reads-${i}/nightly`,
      job: job.jobId,
    });
  }
  return ids;
};

/** Order creates (a create with 4 commands) at 32 connections on a fresh service: p99 against its goal. */
const orderCreates = async (
  databaseUrl: string,
  engine: "postgres" | "embedded",
  seconds: number,
): Promise<BenchRow> => {
  const svc = await startService(databaseUrl, { ...BENCH_CLIENT }, { engine });
  try {
    const headers = { Authorization: `Bearer ${await clientToken(svc.url)}`, "Content-Type": "application/json" };
    const creates = (s: number) =>
      load({
        url: `${svc.url}/resources/actors/order/new`,
        method: "POST",
        seconds: s,
        headers,
        body: () => JSON.stringify(createOrder()),
      });
    await creates(1);
    const r = await creates(seconds);
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`order creates: ${r.non2xx} non-2xx, ${r.errors} errors`);
    const met = r.p99 <= CREATE_P99_GOAL_MS ? "met" : "MISSED";
    return {
      suite: "reads",
      metric: `${engine}: POST /resources/actors/order/new (create + 4 commands), 32 conns, fresh service, p99`,
      value: r.p99,
      unit: "ms",
      note: `${Math.round(r.perSecond)} req/s, p50 ${r.p50} ms; goal <= ${CREATE_P99_GOAL_MS} ms (${met})`,
    };
  } finally {
    await svc.stop();
  }
};

/**
 * The read paths at 32 connections beside the trivial `GET /healthz` of the same run, on
 * each engine (PostgreSQL, and PGlite in the service's own process): every single-record
 * authenticated read and every list of 10 with its totalCount; then order creates' p99 on a
 * fresh service of the same engine.
 */
const suite: BenchSuite = {
  name: "reads",
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const engine of engines) {
      const svc = await startService(ctx.databaseUrl, { ...BENCH_CLIENT }, { engine });
      try {
        const token = await clientToken(svc.url);
        const ids = await seed(svc.url, token);
        const auth = { Authorization: `Bearer ${token}` };
        // Warm up (JIT, pools, plans) on the trivial route and a read, unmeasured.
        await load({ url: `${svc.url}/healthz`, seconds: 2 });
        await load({ url: `${svc.url}/resources/iam/principals/${ids.principal}`, seconds: 2, headers: auth });
        // This VM's speed drifts by a third within minutes: each read is stated against the
        // trivial route measured right before it (the same length), not once for all.
        const trivials: number[] = [];
        const measure = async (kind: "single" | "list", name: string, path: string) => {
          if (!wanted.test(name)) return;
          await load({ url: `${svc.url}${path}`, seconds: 1, headers: auth });
          const trivial = await load({ url: `${svc.url}/healthz`, seconds: ctx.seconds });
          trivials.push(trivial.perSecond);
          const r = await load({ url: `${svc.url}${path}`, seconds: ctx.seconds, headers: auth });
          if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
          const share = (r.perSecond / trivial.perSecond) * 100;
          const goal = kind === "single" ? SINGLE_GOAL : LIST_GOAL;
          rows.push({
            suite: "reads",
            metric: `${engine}: ${name}: GET ${path.replace(/[0-9a-f-]{36}/g, "{id}")}`,
            value: share,
            unit: "% of trivial",
            note:
              `${Math.round(r.perSecond)} req/s (p99 ${r.p99} ms) beside /healthz ` +
              `${Math.round(trivial.perSecond)} req/s; goal >= ${goal}% (${share >= goal ? "met" : "MISSED"})`,
          });
        };
        await measure("single", "me", "/resources/me");
        await measure("single", "principal", `/resources/iam/principals/${ids.principal}`);
        await measure("single", "client", `/resources/iam/clients/${ids.client}`);
        await measure("single", "role", `/resources/iam/roles/${ids.role}`);
        await measure("single", "sending", `/resources/sendings/${ids.sending}`);
        await measure("single", "order", `/resources/actors/order/${ids.order}`);
        await measure("single", "actor at a version", `/resources/actors/order/${ids.order}?version=1`);
        await measure("single", "app", `/resources/apps/${ids.app}`);
        await measure("single", "job definition", `/resources/job-definitions/${ids.definition}`);
        await measure("single", "job", `/resources/jobs/${ids.job}`);
        await measure("list", "principals", "/resources/iam/principals?limit=10");
        await measure("list", "clients", "/resources/iam/clients?limit=10");
        await measure("list", "roles", "/resources/iam/roles?limit=10");
        await measure("list", "sendings", "/resources/sendings?limit=10");
        await measure("list", "orders", "/resources/orders?limit=10");
        await measure("list", "an actor's journal", `/resources/actors/order/${ids.order}/journal?limit=10`);
        await measure("list", "apps", "/resources/apps?limit=10");
        await measure("list", "job definitions", "/resources/job-definitions?limit=10");
        await measure("list", "jobs", "/resources/jobs?limit=10");
        if (trivials.length)
          rows.push({
            suite: "reads",
            metric: `${engine}: GET /healthz (trivial), 32 conns, beside each read`,
            value: Math.min(...trivials),
            unit: "req/s",
            note: `min; max ${Math.round(Math.max(...trivials))}`,
          });
        rows.push({ suite: "reads", metric: `${engine}: service peak RSS`, value: svc.peakRssMiB(), unit: "MiB" });
      } finally {
        await svc.stop();
      }
      if (wanted.test("order creates")) rows.push(await orderCreates(ctx.databaseUrl, engine, ctx.seconds));
    }
    return rows;
  },
};

export default suite;
