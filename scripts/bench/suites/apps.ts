import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BenchSuite } from "../harness.ts";
import { BENCH_CLIENT, clientToken, load, startService } from "../service.ts";
import { createOrder } from "./orders.ts";

const APPS = 100;

/** The least a component creating an order can be. */
const MINIMAL =
  'export const parameters = { order: { type: "object" } };\nexport default async function ' +
  'run(params, ctx) {\n  const r = await ctx.messageActor("order", "new", [{ type: "create", ' +
  "body: params.order }]);\n  return { orderId: r.actor.id, ok: r.results[0].ok };\n}\n";

/**
 * A shop's component as written in practice: its module holds a 3 KB constant (a price list), and it makes its own
 * ids (the order number and a reference) with crypto.randomUUID.
 */
const REALISTIC =
  `const PRICES = ${JSON.stringify(
    Object.fromEntries(Array.from({ length: 100 }, (_, k) => [`sku-${String(k).padStart(4, "0")}`, 10 + k / 4])),
  )};\n` +
  'export const parameters = { order: { type: "object" } };\nexport default async function run(params, ctx) {\n' +
  '  const order = { ...params.order, orderNumber: "W-" + crypto.randomUUID() };\n' +
  '  const r = await ctx.messageActor("order", "new", [{ type: "create", body: order }]);\n' +
  "  return { orderId: r.actor.id, ok: r.results[0].ok, reference: crypto.randomUUID(), " +
  "listed: Object.keys(PRICES).length };\n}\n";

/**
 * APPS_DIR with `APPS` apps: app-000 (MINIMAL) and app-001 (REALISTIC) create orders (their ingress acl allows it),
 * the others echo.
 */
const writeApps = (): string => {
  const root = mkdtempSync(join(tmpdir(), "bench-apps-"));
  for (let i = 0; i < APPS; i++) {
    const id = `app-${String(i).padStart(3, "0")}`;
    const orders = i <= 1;
    const source =
      i === 0
        ? MINIMAL
        : i === 1
          ? REALISTIC
          : `export const parameters = { n: { type: "number", default: ${i} } };\n` +
            `export default async function run(params) {\n  return { app: "${id}", n: params.n };\n}\n`;
    mkdirSync(join(root, id, "components"), { recursive: true });
    writeFileSync(join(root, id, "components", "main.js"), source);
    const manifest = {
      id,
      name: `Bench app ${i}`,
      components: [{ id: "main" }],
      ingresses: [
        {
          id: "main",
          componentId: "main",
          acl: orders ? ["actors/order:create"] : [],
          type: "http",
          properties: { route: `bench/${id}`, httpMethod: "POST", body: { mode: "structured" }, isPublic: true },
        },
      ],
    };
    writeFileSync(join(root, id, "manifest.json"), JSON.stringify(manifest));
  }
  return root;
};

/**
 * The ingress beside the API it stands for, in one run against real PostgreSQL: a component
 * that creates an order (create + 4 commands, through ctx.messageActor) at /ingress/… versus
 * POST /resources/actors/order/new with the same order, each at 32 connections; and the
 * service's peak RSS with 100 apps installed from APPS_DIR, every ingress called once.
 */
const suite: BenchSuite = {
  name: "apps",
  async run(ctx) {
    const root = writeApps();
    const svc = await startService(ctx.databaseUrl, { ...BENCH_CLIENT, APPS_DIR: root });
    try {
      for (let i = 0; i < APPS; i++) {
        const id = `app-${String(i).padStart(3, "0")}`;
        const body = i <= 1 ? { order: createOrder()[0]!.body } : {};
        const r = await fetch(`${svc.url}/ingress/bench/${id}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        if (r.status !== 200) throw new Error(`ingress ${id}: ${r.status} ${await r.text()}`);
      }
      const rss100 = svc.peakRssMiB();
      const token = await clientToken(svc.url);
      const direct = await load({
        url: `${svc.url}/resources/actors/order/new`,
        method: "POST",
        seconds: ctx.seconds,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: () => JSON.stringify(createOrder()),
      });
      // Each ingress with the same orders as the direct call.
      const orderIngress = (appId: string) =>
        load({
          url: `${svc.url}/ingress/bench/${appId}`,
          method: "POST",
          seconds: ctx.seconds,
          headers: { "Content-Type": "application/json" },
          body: () => JSON.stringify({ order: createOrder()[0]!.body }),
        });
      const ingress = await orderIngress("app-000");
      const realistic = await orderIngress("app-001");
      for (const [name, r] of [
        ["direct", direct],
        ["ingress", ingress],
        ["realistic ingress", realistic],
      ] as const)
        if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      return [
        {
          suite: "apps",
          metric: "POST /resources/actors/order/new (create + 4 commands), 32 conns",
          value: direct.perSecond,
          unit: "req/s",
          note: `p50 ${direct.p50} ms, p99 ${direct.p99} ms (the baseline of the next row)`,
        },
        {
          suite: "apps",
          metric: "POST /ingress/… whose component creates the same order, 32 conns",
          value: ingress.perSecond,
          unit: "req/s",
          note: `p50 ${ingress.p50} ms, p99 ${ingress.p99} ms`,
        },
        {
          suite: "apps",
          metric: "ingress / direct actor API",
          value: (ingress.perSecond / direct.perSecond) * 100,
          unit: "%",
          note: "goal >= 60%",
        },
        {
          suite: "apps",
          metric: "POST /ingress/… whose component holds a 3 KB constant and makes ids by crypto.randomUUID, 32 conns",
          value: realistic.perSecond,
          unit: "req/s",
          note: `p50 ${realistic.p50} ms, p99 ${realistic.p99} ms`,
        },
        {
          suite: "apps",
          metric: "that ingress / direct actor API",
          value: (realistic.perSecond / direct.perSecond) * 100,
          unit: "%",
          note: "goal >= 60%",
        },
        {
          suite: "apps",
          metric: `service peak RSS, ${APPS} apps installed, each ingress called`,
          value: rss100,
          unit: "MiB",
          note: "goal < 400 MiB",
        },
        { suite: "apps", metric: "service peak RSS after the load", value: svc.peakRssMiB(), unit: "MiB" },
      ];
    } finally {
      await svc.stop();
      rmSync(root, { recursive: true, force: true });
    }
  },
};

export default suite;
