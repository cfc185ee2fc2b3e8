import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { launchChromium } from "@platform/http/testing/browser";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { percentiles } from "../harness.ts";
import { BENCH_CLIENT, apiCaller, clientToken, schemaClient, startService } from "../service.ts";
import { createOrder } from "./orders.ts";

const PRINCIPALS = 10_000;
const ORDERS = 100_000;
const SAMPLES = 200;
const WARMUP = 20;
const GOAL_MS = 100;
const PASSWORD = "17 quiet herons over Lake Vättern";

/**
 * The read models seeded straight (INSERT … SELECT, as the graph-fields suite does): 10,000
 * principals (names and emails unique, every 7th suspended, roles from three), 100,000 orders
 * over the last year. The pages read only these rows; the actor page reads one order's
 * journal, which is real (below).
 */
const SEED = [
  `INSERT INTO iam_principals (id, version, name, email, email_lower, roles, created_at, suspended_at)
   SELECT md5('principal-' || i)::uuid::text, 1, 'Bench Person ' || i, 'person' || i || '@bench.test',
          'person' || i || '@bench.test',
          jsonb_build_array(CASE i % 3 WHEN 0 THEN 'sales:clerk' WHEN 1 THEN 'support:agent' ELSE 'ops:viewer' END),
          now() - i * interval '1 minute', CASE WHEN i % 7 = 0 THEN now() END
     FROM generate_series(1, ${PRINCIPALS}) AS i`,
  `INSERT INTO orders_orders (order_id, order_number, created_at, currency_code, tax_included, channel_key, status,
                             line_count, delivery_count, total_net, total_tax, total_gross, version, updated_at, state)
   SELECT md5('order-' || i)::uuid::text, 'SEED-' || i, at, CASE WHEN i % 4 = 0 THEN 'EUR' ELSE 'SEK' END, true, NULL,
          CASE WHEN i % 50 = 0 THEN 'cancelled' ELSE 'open' END, 1 + i % 5, 1, '80.00', '20.00', '100.00', 4, at,
          '{}'::jsonb
     FROM generate_series(1, ${ORDERS}) AS i, LATERAL (SELECT now() - (${ORDERS} - i) * interval '5 minutes') AS c(at)`,
  "VACUUM (ANALYZE) iam_principals",
  "VACUUM (ANALYZE) orders_orders",
];

const APP = {
  manifest: {
    id: "bench-portal",
    name: "Bench portal app",
    description: "An app with an ingress, a job definition and a portal page",
    authors: ["Bench"],
    extensions: { portal: "/portal.html" },
    components: [{ id: "hello" }],
    ingresses: [
      {
        id: "hello",
        componentId: "hello",
        acl: [],
        type: "http",
        properties: { route: "bench/hello", httpMethod: "GET", body: { mode: "structured" }, isPublic: true },
      },
    ],
    jobDefinitions: [
      { id: "nightly", componentId: "hello", schedules: [{ cron: "0 3 1 * *", timeZone: "Europe/Berlin" }] },
    ],
  },
  components: {
    hello: {
      source:
        'export const parameters = { name: { type: "text", default: "world" } };\nexport default ' +
        "async function run(params) { return { hello: params.name }; }\n",
    },
  },
  files: { "portal.html": { source: "<!doctype html><title>Bench</title><p>Bench extension</p>" } },
};

/**
 * Every portal page's server time over 10,000 principals and 100,000 orders (real PostgreSQL,
 * the real service): one signed-in browser session's cookies, one connection, requests one
 * after another (a latency goal: p95 < 100 ms), beside `GET /healthz` measured the same way in
 * the same run. The session is a real one: a principal signed in through the OAuth pages in
 * Chromium (its temporary password changed on the way, as a person would).
 */
const suite: BenchSuite = {
  name: "portal",
  async run(ctx) {
    // The OAuth redirects name PUBLIC_URL, so the service listens on a port known beforehand.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const service = await startService(ctx.databaseUrl, {
      ...BENCH_CLIENT,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    const db = await schemaClient(ctx.databaseUrl, service.schema).catch(async (e: unknown) => {
      await service.stop();
      throw e;
    });
    try {
      let t0 = performance.now();
      for (const sql of SEED) await db.query(sql);
      const seedS = (performance.now() - t0) / 1000;

      const token = await clientToken(service.url);
      const api = apiCaller(service.url, token);

      // Real records for the detail pages: an order with 50 events, sendings, an app, jobs.
      const order = (await api("POST", "/resources/actors/order/new", createOrder())) as {
        actor: { id: string };
        state: { deliveries: { deliveryId: string }[] };
      };
      const orderId = order.actor.id;
      const deliveryId = order.state.deliveries[0]!.deliveryId;
      for (let i = 0; i < 45; i++)
        await api("POST", `/resources/actors/order/${orderId}`, [
          {
            type: "applyCommands",
            body: { commands: [{ type: "setShippingPrice", deliveryId, shippingPrice: 10 + i }] },
          },
        ]);
      const sent = (await api("POST", "/resources/sendings/email", {
        to: Array.from({ length: 100 }, (_, i) => `reader${i}@bench.test`),
        subject: "Bench",
        body: { plainText: "x" },
        category: "bench",
        dynamic: { n: 1 },
      })) as { sendings: { sendingId: string }[] };
      await api("PUT", `/resources/apps/${APP.manifest.id}`, APP);
      const jobs: string[] = [];
      for (let i = 0; i < 30; i++)
        jobs.push(
          (
            (await api("POST", "/resources/jobs", {
              jobDefinitionId: "apps/bench-portal/nightly",
              parameters: { name: `n${i}` },
            })) as { jobId: string }
          ).jobId,
        );

      // A person with the owner's role, signed in through the portal in Chromium.
      const principalId = randomUUID();
      const email = "portal-bench@bench.test";
      const created = await fetch(`${service.url}/resources/iam/principals/${principalId}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ properties: { name: "Portal Bench", email }, roles: ["system:owner"] }),
      });
      if (created.status !== 201) throw new Error(`PUT principal: ${created.status} ${await created.text()}`);
      const reset = await fetch(`${service.url}/resources/iam/principals/${principalId}/password/reset`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "If-Match": created.headers.get("ETag")! },
      });
      const temporary = ((await reset.json()) as { temporaryPassword: string }).temporaryPassword;
      const browser = await launchChromium();
      let cookie: string;
      try {
        const context = await browser.newContext();
        const page = await context.newPage();
        // the host of PUBLIC_URL: the sign-in flow's cookie must come back to it
        await page.goto(`http://127.0.0.1:${port}/portal`);
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Password").fill(temporary);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.waitForURL((u) => u.pathname === "/portal/me/password");
        await page.getByLabel("Current password").fill(temporary);
        await page.getByLabel("New password").fill(PASSWORD);
        await page.getByRole("button", { name: "Change password" }).click();
        await page
          .waitForURL((u) => u.pathname === "/portal/me")
          .catch(async (e: Error) => {
            throw new Error(
              `${e.message}: still at ${page.url()}: ${(await page.locator("main").innerText()).slice(0, 400)}`,
            );
          });
        cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
      } finally {
        await browser.close();
      }
      await new Promise((r) => setTimeout(r, 1500)); // the jobs run meanwhile; statistics have a minute with runs

      const pages: [string, string][] = [
        ["home", "/portal"],
        ["my account", "/portal/me"],
        ["principals (10,000)", "/portal/principals"],
        ["principals, search", "/portal/principals?search=person 4242"],
        ["principals, role prefix + suspended", "/portal/principals?rolePrefix=sales:&includeSuspended=true"],
        ["a principal", `/portal/principals/${principalId}`],
        ["clients", "/portal/clients"],
        ["roles", "/portal/roles"],
        ["sendings + queue health", "/portal/sendings"],
        ["sendings, pending", "/portal/sendings?status=pending"],
        ["a sending", `/portal/sendings/${sent.sendings[0]!.sendingId}`],
        ["orders (100,000)", "/portal/orders"],
        ["orders, by number", "/portal/orders?orderNumber=SEED-77777"],
        ["orders, page 2", ""],
        ["an order's journal (50 events)", `/portal/actors/order/${orderId}`],
        ["an order at version 10", `/portal/actors/order/${orderId}?version=10`],
        ["apps", "/portal/apps"],
        ["an app", `/portal/apps/${APP.manifest.id}`],
        ["an app's portal extension", `/portal/apps/${APP.manifest.id}/extension`],
        ["job definitions", "/portal/job-definitions"],
        ["a job definition (10 occurrences)", "/portal/job-definitions/apps/bench-portal/nightly"],
        ["jobs", "/portal/jobs"],
        ["a job", `/portal/jobs/${jobs[0]}`],
        ["job statistics", "/portal/jobs/statistics"],
      ];
      // Page 2 of the orders: the cursor of page 1's "Next" link.
      const first = await (await fetch(`${service.url}/portal/orders`, { headers: { Cookie: cookie } })).text();
      const next = /<a href="(\/portal\/orders\?after=[^"]+)">Next<\/a>/.exec(first)?.[1]?.replaceAll("&amp;", "&");
      pages.find((p) => p[0] === "orders, page 2")![1] = next ?? "/portal/orders";

      const time = async (path: string, headers: Record<string, string>) => {
        const times: number[] = [];
        let failed = "";
        for (let i = -WARMUP; i < SAMPLES; i++) {
          const started = performance.now();
          const r = await fetch(`${service.url}${path}`, { headers, redirect: "manual" });
          const text = await r.text();
          if (i >= 0) times.push(performance.now() - started);
          if (r.status !== 200) failed ||= `${r.status} ${text.slice(0, 160)}`;
        }
        return { ...percentiles(times), failed };
      };
      t0 = performance.now();
      const baseline = await time("/healthz", {});
      const rows: BenchRow[] = [
        {
          suite: "portal",
          metric:
            `seed ${PRINCIPALS.toLocaleString("en-US")} principals + ${ORDERS.toLocaleString("en-US")} orders ` +
            "(read models, INSERT … SELECT)",
          value: seedS,
          unit: "s",
        },
        {
          suite: "portal",
          metric: "GET /healthz, one at a time (baseline)",
          value: baseline.p95,
          unit: "ms p95",
          note: `p50 ${baseline.p50.toFixed(1)} ms`,
        },
      ];
      for (const [name, path] of pages) {
        const r = await time(path, { Cookie: cookie });
        rows.push({
          suite: "portal",
          metric: `${name}: GET ${path.length > 60 ? `${path.slice(0, 57)}…` : path}`,
          value: r.p95,
          unit: "ms p95",
          note:
            `goal < ${GOAL_MS} ms (${r.p95 < GOAL_MS && !r.failed ? "met" : "MISSED"}); ` +
            `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; ${(r.p95 / baseline.p95).toFixed(1)}× /healthz` +
            (r.failed ? `; FAILED: ${r.failed}` : ""),
        });
      }
      return rows;
    } finally {
      await db.end().catch(() => undefined);
      await service.stop();
    }
  },
};

export default suite;
