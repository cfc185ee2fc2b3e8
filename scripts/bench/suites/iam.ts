import { randomUUID } from "node:crypto";
import pg from "pg";
import type { BenchSuite } from "../harness.ts";
import { BENCH_CLIENT, clientToken, load, startService } from "../service.ts";
import { startBareHono } from "../bare-hono.ts";
import { postgresCpuSeconds, processCpuSeconds } from "../postgres-cpu.ts";

const SEEDED = 100_000;

/**
 * Authenticated GET /resources/iam/principals/{id} at 32 connections next to the trivial
 * unauthenticated /healthz in the same run; then list-with-search latency over 100,000
 * principals (seeded straight into the read model: this measures the query, not the writes). `GET /resources/me`
 * beside a bare Hono route in a process of its own.
 */
const suite: BenchSuite = {
  name: "iam",
  async run(ctx) {
    const svc = await startService(ctx.databaseUrl, { ...BENCH_CLIENT });
    try {
      const token = await clientToken(svc.url);
      const auth = { Authorization: `Bearer ${token}` };
      const id = randomUUID();
      const put = await fetch(`${svc.url}/resources/iam/principals/${id}`, {
        method: "PUT",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({
          properties: { name: "Bench Person", email: "bench.person@example.com" },
          roles: [],
          acl: [],
          accessAttributes: {},
        }),
      });
      if (put.status !== 201) throw new Error(`create principal: ${put.status} ${await put.text()}`);

      // The same request with 32 tokens (32 sessions) and 32 principals: lookups that share
      // a batch query then ask for different rows.
      const tokens = await Promise.all(Array.from({ length: 32 }, () => clientToken(svc.url)));
      const ids = Array.from({ length: 32 }, () => randomUUID());
      for (const [i, pid] of ids.entries()) {
        const r = await fetch(`${svc.url}/resources/iam/principals/${pid}`, {
          method: "PUT",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify({
            properties: { name: `Bench Person ${i}`, email: `bench.person.${i}@example.com` },
            roles: [],
            acl: [],
            accessAttributes: {},
          }),
        });
        if (r.status !== 201) throw new Error(`create principal: ${r.status} ${await r.text()}`);
      }
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

      const trivial = await load({ url: `${svc.url}/healthz`, seconds: ctx.seconds });
      const authed = await load({
        url: `${svc.url}/resources/iam/principals/${id}`,
        seconds: ctx.seconds,
        headers: auth,
      });
      if (authed.non2xx > 0) throw new Error(`authenticated GET had ${authed.non2xx} non-2xx answers`);
      const varied = await load({
        url: `${svc.url}/resources/iam/principals/${id}`,
        seconds: ctx.seconds,
        vary: () => ({
          path: `/resources/iam/principals/${pick(ids)}`,
          headers: { Authorization: `Bearer ${pick(tokens)}` },
        }),
      });
      if (varied.non2xx > 0) throw new Error(`authenticated GET (32 tokens) had ${varied.non2xx} non-2xx answers`);
      // The caller's own record against the least a Hono route costs, in a process of its own.
      // Also the CPU each takes per request, steadier than the rates on a shared VM whose speed drifts between runs.
      const hono = await startBareHono();
      const bareCpu0 = processCpuSeconds([hono.pid]);
      const bare = await load({ url: hono.url, seconds: ctx.seconds });
      const bareCpu = (processCpuSeconds([hono.pid]) - bareCpu0) / (bare.perSecond * ctx.seconds);
      await hono.stop();
      const meCpu0 = [processCpuSeconds([svc.pid]), postgresCpuSeconds()];
      const me = await load({ url: `${svc.url}/resources/me`, seconds: ctx.seconds, headers: auth });
      const meCpu = [processCpuSeconds([svc.pid]) - meCpu0[0]!, postgresCpuSeconds() - meCpu0[1]!].map(
        (s) => s / (me.perSecond * ctx.seconds),
      );
      if (me.non2xx > 0) throw new Error(`GET /resources/me had ${me.non2xx} non-2xx answers`);

      const db = new pg.Client({ connectionString: ctx.databaseUrl });
      await db.connect();
      await db.query(`SET search_path TO "${svc.schema}"`);
      await db.query(
        `INSERT INTO iam_principals (id, version, name, email, email_lower, created_at)
         SELECT gen_random_uuid()::text, 1, 'Person ' || g, 'person' || g || '@example.com',
                'person' || g || '@example.com', now() - g * interval '1 second'
           FROM generate_series(1, ${SEEDED}) g`,
      );
      await db.query("ANALYZE iam_principals");
      await db.end();
      const latencies: number[] = [];
      for (let i = 0; i < 300; i++) {
        const term = String(Math.floor(Math.random() * SEEDED) + 1).padStart(5, "1");
        const t0 = performance.now();
        const r = await fetch(`${svc.url}/resources/iam/principals?search=${term}&limit=50`, { headers: auth });
        await r.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (r.status !== 200) throw new Error(`search: ${r.status}`);
      }
      latencies.sort((a, b) => a - b);
      const p95 = latencies[Math.floor(latencies.length * 0.95)]!;
      return [
        {
          suite: "iam",
          metric: "GET /healthz (trivial, unauthenticated), 32 conns",
          value: trivial.perSecond,
          unit: "req/s",
          note: `p99 ${trivial.p99} ms`,
        },
        {
          suite: "iam",
          metric: "GET /resources/iam/principals/{id} (bearer), 32 conns",
          value: authed.perSecond,
          unit: "req/s",
          note: `p99 ${authed.p99} ms`,
        },
        {
          suite: "iam",
          metric: "authenticated / trivial",
          value: (authed.perSecond / trivial.perSecond) * 100,
          unit: "%",
          note: "goal >= 25%",
        },
        {
          suite: "iam",
          metric: "same, 32 tokens × 32 principals at random",
          value: varied.perSecond,
          unit: "req/s",
          note: `${((varied.perSecond / trivial.perSecond) * 100).toFixed(1)}% of trivial; p99 ${varied.p99} ms`,
        },
        {
          suite: "iam",
          metric: "a bare Hono route (GET / answering JSON) in its own process, 32 conns",
          value: bare.perSecond,
          unit: "req/s",
          note: `p99 ${bare.p99} ms (the baseline of the next rows)`,
        },
        {
          suite: "iam",
          metric: "GET /resources/me (bearer), 32 conns",
          value: me.perSecond,
          unit: "req/s",
          note: `p99 ${me.p99} ms`,
        },
        {
          suite: "iam",
          metric: "GET /resources/me / the bare Hono route",
          value: (me.perSecond / bare.perSecond) * 100,
          unit: "%",
          note: "goal >= 25%",
        },
        {
          suite: "iam",
          metric: "CPU per request: the bare Hono route's process / the service's on GET /resources/me",
          value: (bareCpu / meCpu[0]!) * 100,
          unit: "%",
          note:
            `bare ${(bareCpu * 1e6).toFixed(1)} µs, the service ${(meCpu[0]! * 1e6).toFixed(1)} µs ` +
            `(+ PostgreSQL ${(meCpu[1]! * 1e6).toFixed(1)} µs)`,
        },
        {
          suite: "iam",
          metric: `list ?search= over ${SEEDED.toLocaleString("en")} principals, p95`,
          value: p95,
          unit: "ms",
          note: `p50 ${latencies[150]!.toFixed(1)} ms; goal < 50 ms`,
        },
        { suite: "iam", metric: "service peak RSS", value: svc.peakRssMiB(), unit: "MiB" },
      ];
    } finally {
      await svc.stop();
    }
  },
};

export default suite;
