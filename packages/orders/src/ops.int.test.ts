import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { actorsTestPlatform, json, tallyContext } from "@platform/actor-api/testing";
import { runOps } from "../../../scripts/ops/run.ts";
import { ordersContext } from "./index.ts";
import { orderBody } from "./testing/fixtures.ts";

let t: TestPlatform;
let orderId: string;
let deliveryId: string;
const times: string[] = [];
beforeAll(async () => {
  t = await actorsTestPlatform([ordersContext, tallyContext]);
  const created = await json(
    await t.request("POST", "/resources/actors/order/new", {
      token: "admin",
      body: [{ type: "create", body: orderBody("OPS-1") }],
      headers: { "X-Request-Id": "req-ops" },
    }),
  );
  orderId = created.actor.id;
  deliveryId = created.state.deliveries[0].deliveryId;
  for (const price of [10, 20]) {
    await t.request("POST", `/resources/actors/order/${orderId}`, {
      token: "admin",
      body: [
        { type: "applyCommands", body: { commands: [{ type: "setShippingPrice", deliveryId, shippingPrice: price }] } },
      ],
    });
    times.push((await t.platform.store.readStream(`order-${orderId}`)).at(-1)!.metadata.at);
  }
});
afterAll(() => t.close());

/**
 * The global log shows a commit only once every older transaction on the server has ended
 * (packages/event-store/README.md); on a shared PostgreSQL other suites' transactions can hold it back briefly.
 * Waits until the log shows every stored event, so `verify` reads them all.
 */
const logSettled = async () => {
  const { rows } = await t.platform.db.pool.query<{ n: string }>("SELECT count(*) AS n FROM es_events");
  const stored = Number(rows[0]!.n);
  for (let tries = 0; ; tries++) {
    let seen = 0;
    for (let after: string | null = null; ; ) {
      const page = await t.platform.store.readAll({ after, limit: 1000 });
      if (page.length === 0) break;
      seen += page.length;
      after = page.at(-1)!.position;
    }
    if (seen === stored || tries === 200) return;
    await new Promise((r) => setTimeout(r, 25));
  }
};

const ops = async (...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, t.platform, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
};

describe("ops CLI", () => {
  it("prints an actor's journal by key, as text or JSON lines", async () => {
    const text = await ops("journal", "order", "OPS-1");
    expect(text.code).toBe(0);
    expect(text.out).toHaveLength(7);
    const first = (await t.platform.store.readStream(`order-${orderId}`))[0]!;
    expect(text.out[0]).toMatch(
      new RegExp(
        String.raw`^v1 {2}#\d+ {2}\d{20}:\d{20} {2}\S+ {2}OrderCreated {2}` +
          String.raw`by principal:p-admin {2}request req-ops {2}\{.*"orderNumber":"OPS-1"`,
      ),
    );
    expect(text.out[0]).toContain(`#${first.globalPosition}  ${first.position}  `);
    expect(text.out.at(-1)).toBe(`order ${orderId}: 6 events`);
    const lines = (await ops("journal", "order", orderId, "--json")).out.map((l) => JSON.parse(l));
    expect(lines.map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(lines[0]).toMatchObject({ position: first.position, globalPosition: first.globalPosition });
    expect(lines[5]).toMatchObject({
      type: "ShippingPriceSet",
      data: { shippingPrice: "20.00" },
      metadata: { principalId: "p-admin" },
    });
  });

  it("replays the state as of a version or a time", async () => {
    const v4 = JSON.parse((await ops("replay", "order", "OPS-1", "--version", "4")).out.join("\n"));
    expect(v4).toMatchObject({
      actor: { version: 4, identifiers: { orderId, orderNumber: "OPS-1" } },
      state: { deliveries: [{ shippingPrice: "49.00" }] },
    });
    const atFirst = JSON.parse((await ops("replay", "order", orderId, "--at", times[0]!)).out.join("\n"));
    expect(atFirst).toMatchObject({
      actor: { version: 5 },
      asOf: times[0],
      state: { deliveries: [{ shippingPrice: "10.00" }] },
    });
    const before = JSON.parse((await ops("replay", "order", orderId, "--at", "2000-01-01T00:00:00Z")).out.join("\n"));
    expect(before).toMatchObject({ actor: { version: 0 }, state: null });
    const now = JSON.parse((await ops("replay", "order", orderId)).out.join("\n"));
    expect(now.state).toEqual(
      (await json(await t.request("GET", `/resources/actors/order/${orderId}`, { token: "admin" }))).state,
    );
  });

  it("answers usage errors with exit code 2", async () => {
    expect((await ops()).code).toBe(2);
    expect((await ops("nope")).code).toBe(2);
    expect((await ops("journal", "order")).code).toBe(2);
    expect((await ops("journal", "invoice", "x")).err[0]).toMatch(/unknown actor type 'invoice'/);
    expect((await ops("replay", "order", "NO-SUCH")).code).toBe(2);
    expect((await ops("replay", "order", "OPS-1", "--version", "x")).code).toBe(2);
    expect((await ops("rebuild", "nope")).code).toBe(2);
  });

  it("rebuilds a projection to the same rows (the rows the appends wrote inline)", async () => {
    // Every column but projected_at, the time of the write itself.
    const rows = () =>
      t.platform.db.kysely
        .selectFrom("orders_orders")
        .selectAll()
        .orderBy("order_id")
        .execute()
        .then((rs) => rs.map(({ projected_at: _, ...r }) => r));
    const before = await rows();
    await t.platform.db.kysely.deleteFrom("orders_orders").execute();
    await t.platform.followers.stop();
    try {
      const r = await ops("rebuild", "orders");
      expect(r.code).toBe(0);
      expect(r.out[0]).toMatch(/^rebuilt orders: \d+ events in \d+ ms$/);
    } finally {
      t.platform.followers.start();
    }
    expect(await rows()).toEqual(before);
  });

  it("rebuilds every projection with `all` (and by default)", async () => {
    const rows = () =>
      t.platform.db.kysely
        .selectFrom("orders_orders")
        .select(["order_id", "version", "state"])
        .orderBy("order_id")
        .execute();
    const before = await rows();
    const projections = t.platform.followers
      .names()
      .filter((n) => n.startsWith("projection:"))
      .map((n) => n.slice("projection:".length));
    expect(projections).toContain("orders");
    await t.platform.followers.stop();
    try {
      for (const argv of [["rebuild", "all"], ["rebuild"]]) {
        const r = await ops(...argv);
        expect([r.code, r.err]).toEqual([0, []]);
        expect(r.out.map((l) => /^rebuilt (\S+): \d+ events in \d+ ms$/.exec(l)?.[1])).toEqual(projections);
      }
    } finally {
      t.platform.followers.start();
    }
    expect(await rows()).toEqual(before);
  });

  it("verifies every stream, and reports a gap and a lost key with exit code 1", async () => {
    await logSettled();
    const ok = await ops("verify");
    expect([ok.code, ok.err]).toEqual([0, []]);
    expect(ok.out[0]).toMatch(/^verified 1 streams, 6 events: OK$/);

    // Not every stream id is a UUID (roles and clients are keyed by their key): still folded.
    await t.platform.runtime.execute(
      "tally",
      "my-tally",
      [{ type: "open", name: "my-tally" }],
      { principalId: "ops" },
      { existence: "new" },
    );
    await logSettled();
    const keyed = await ops("verify");
    expect([keyed.code, keyed.err, keyed.out]).toEqual([0, [], ["verified 2 streams, 7 events: OK"]]);

    const other = await json(
      await t.request("POST", "/resources/actors/order/new", {
        token: "admin",
        body: [{ type: "create", body: orderBody("OPS-2") }],
      }),
    );
    await t.platform.db.pool.query(
      `INSERT INTO es_events (event_id, stream_id, version, type, data, metadata)
       VALUES ($1, $2, 9, 'OrderCancelled', '{"cancelledAt":"2026-01-01T00:00:00.000Z","reason":null}',
               '{"at":"2026-01-01T00:00:00.000Z"}')`,
      [newId(), `order-${orderId}`],
    );
    await t.platform.db.pool.query("DELETE FROM es_keys WHERE scope = 'order:orderNumber' AND key = 'OPS-2'");
    await logSettled();
    const bad = await ops("verify");
    expect(bad.code).toBe(1);
    expect(bad.err).toEqual([
      `FAIL order-${orderId}: version 9 follows 6`,
      `FAIL order-${other.actor.id}: orderNumber 'OPS-2' is not reserved`,
    ]);
    expect(bad.out[0]).toBe("verified 3 streams, 12 events: 2 failures");
  });
});
