import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { sendingsContext } from "@platform/sendings";
import { customGraphField, parseSource } from "../custom/source.ts";
import type { CustomFieldType } from "../custom/source.ts";
import { graphContext } from "../index.ts";

// Six sendings whose `dynamic` holds a value of every type, some of the wrong type or absent.
const dynamics: Record<string, unknown>[] = [
  { region: "north", score: 10, vip: true, due: "2026-05-01T10:00:00Z", address: { zip: "111" }, channelKey: "web" },
  { region: "South", score: 2.5, vip: false, due: "2026-05-01", address: { zip: "222" } },
  { region: "north", score: "7", vip: "yes", due: "2026-02-30", address: { zip: 333 }, channelKey: "shop" },
  { region: "east", score: -1, vip: true, due: "2026-04-30T23:00:00-02:00", channelKey: "web" },
  { score: 100, due: "not a date", address: ["x"] },
  { region: null, vip: false, due: "2026-05-01T09:00:00.5+00:00", channelKey: "web" },
];

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform(
    [
      staticAuthContext({
        admin: { scope: ["graph:*", "sendings:*", "registry:*"] },
        registrar: { scope: ["registry/graph/sending:write", "registry/graph/sending:delete"] },
        reader: { scope: ["registry/graph/sending:read"] },
        query: { scope: ["graph/sending:query"] },
        fields: { scope: ["graph/sending:query", "graph/sending:field"] },
        web: { scope: ["graph:*"], attributes: { channelKey: ["web"] } },
        none: { scope: ["sendings:*"] },
      }),
      sendingsContext,
      graphContext,
    ],
    { GRAPH_EXACT_COUNT_MAX: "3" },
  );
  for (const [i, dynamic] of dynamics.entries()) {
    const r = await t.request("POST", "/resources/sendings/email", {
      token: "admin",
      body: { to: `r${i}@example.test`, subject: `S${i}`, body: { plainText: "x" }, category: "c", dynamic },
    });
    expect(r.status).toBe(202);
  }
});
afterAll(() => t?.close());

type Field = {
  node: string;
  name: string;
  spec: { value: { type: string; source: string } };
  status: { index: string; indexName: string; error: string | null };
  version: number;
  etag: string;
};
type Answer = { nodes: Record<string, unknown>[]; count?: number; countEstimated?: boolean; lastCursor: string | null };
type Err = { error: { code: string; message: string; details?: { path: string; message: string }[] } };

const path = (name: string, node = "sending") => `/resources/registry/graph/${node}/fields/${name}`;
const put = (name: string, type: string, source: string, token = "admin", node = "sending") =>
  t.request("PUT", path(name, node), { token, body: { spec: { value: { type, source } } } });
/** The field once its index is built (the indexer works after the answer). */
const ready = async (name: string): Promise<Field> => {
  for (let i = 0; i < 200; i++) {
    const r = await t.request("GET", path(name), { token: "admin" });
    const f = (await r.json()) as Field;
    if (f.status.index !== "building") return f;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`index of ${name} never built`);
};
const define = async (name: string, type: string, source: string) => {
  const r = await put(name, type, source);
  expect(r.status, await r.clone().text()).toBe(201);
  expect((await ready(name)).status.index).toBe("ready");
};
const indexes = async () =>
  (
    await sql<{
      name: string;
    }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'sendings_sendings' AND indexname LIKE 'gcf\\_%' ORDER BY 1`.execute(
      t.platform.db.kysely,
    )
  ).rows.map((r) => r.name);
/** The indexes once the indexer is done with them (a replaced index is dropped after its successor is ready). */
const settled = async (count: number) => {
  for (let i = 0; i < 200 && (await indexes()).length !== count; i++) await new Promise((res) => setTimeout(res, 50));
  return indexes();
};
const query = (q: Record<string, unknown>, token = "admin") =>
  t.request("POST", "/resources/graph/query", { token, body: [{ edge: "sendings", alias: "q", ...q }] });
const ok = async (q: Record<string, unknown>, token = "admin"): Promise<Answer> => {
  const r = await query(q, token);
  expect(r.status, await r.clone().text()).toBe(200);
  return ((await r.json()) as Record<string, Answer>).q!;
};
/** The subjects (S0 … S5) a filter matches, in the given order. */
const subjects = async (filter: string, orderBy = "subject asc") =>
  (await ok({ filter, orderBy, node: { fields: ["subject"] }, limit: 100 })).nodes.map((n) => n.subject);

describe("the registry", () => {
  it("registers a field (201), builds its index, answers it, lists it, and redefines it (200)", async () => {
    const r = await put("region", "text", "dynamic.region");
    expect(r.status).toBe(201);
    expect(r.headers.get("ETag")).toBe('"v1"');
    const created = (await r.json()) as Field;
    expect(created).toMatchObject({
      node: "sending",
      name: "region",
      spec: { value: { type: "text", source: "dynamic.region" } },
      status: { index: "building", error: null },
      version: 1,
      etag: "v1",
    });
    expect(created.status.indexName).toMatch(/^gcf_sending_region_[0-9a-f]{10}$/);
    const built = await ready("region");
    expect(built.status).toEqual({ index: "ready", indexName: created.status.indexName, error: null });
    expect(await indexes()).toEqual([created.status.indexName]);
    const list = await t.request("GET", "/resources/registry/graph/sending/fields", { token: "reader" });
    expect(await list.json()).toMatchObject({ fields: [{ name: "region" }], totalCount: 1 });
    // The same definition again changes nothing; a new type is a new index, the old one dropped.
    expect((await put("region", "text", "dynamic.region")).status).toBe(200);
    expect((await ready("region")).version).toBe(built.version);
    const changed = (await (await put("region", "number", "dynamic.region")).json()) as Field;
    expect(changed.status.indexName).not.toBe(created.status.indexName);
    await ready("region");
    expect(await settled(1)).toEqual([changed.status.indexName]);
    expect((await put("region", "text", "dynamic.region")).status).toBe(200);
    await ready("region");
  });

  it("deletes a field (204): its index is dropped and queries no longer know it", async () => {
    await define("gone", "text", "dynamic.region");
    expect((await settled(2)).length).toBe(2);
    expect((await t.request("DELETE", path("gone"), { token: "registrar" })).status).toBe(204);
    expect((await t.request("GET", path("gone"), { token: "admin" })).status).toBe(404);
    expect((await t.request("DELETE", path("gone"), { token: "admin" })).status).toBe(404);
    const r = await query({ filter: 'gone == "x"' });
    expect(r.status).toBe(400);
    expect(((await r.json()) as Err).error.details).toEqual([
      { path: "0.filter", message: "unknown field 'gone' at 0" },
    ]);
    expect((await settled(1)).length).toBe(1);
  });

  it(
    "drops an index of its own that no field wants (a crash's leftover) on its next pass, and " +
      "leaves others' alone",
    async () => {
      await sql`CREATE INDEX gcf_sending_stray_0123456789 ON sendings_sendings ((dynamic ->> 'stray'))`.execute(
        t.platform.db.kysely,
      );
      await sql`CREATE INDEX other_sendings_stray ON sendings_sendings ((dynamic ->> 'stray'))`.execute(
        t.platform.db.kysely,
      );
      await define("later", "text", "dynamic.later");
      const names = await settled(2);
      expect(names).not.toContain("gcf_sending_stray_0123456789");
      expect(names).toContain((await ready("later")).status.indexName);
      const other =
        await sql`SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'other_sendings_stray'`.execute(
          t.platform.db.kysely,
        );
      expect(other.rows.length).toBe(1);
      await sql`DROP INDEX other_sendings_stray`.execute(t.platform.db.kysely);
      expect((await t.request("DELETE", path("later"), { token: "admin" })).status).toBe(204);
    },
  );

  it("builds again an index a crash left invalid (a CONCURRENTLY build cut short), on its next pass", async () => {
    const { indexName } = (await ready("region")).status;
    // What an interrupted CREATE INDEX CONCURRENTLY leaves behind: the index, marked invalid.
    await sql`UPDATE pg_index SET indisvalid = false WHERE indexrelid = ${indexName}::regclass`.execute(
      t.platform.db.kysely,
    );
    await define("another", "text", "dynamic.another");
    let valid: unknown[] = [];
    for (let i = 0; i < 100 && valid.length === 0; i++) {
      valid = (
        await sql`SELECT 1 FROM pg_index WHERE indexrelid = ${indexName}::regclass AND indisvalid`.execute(
          t.platform.db.kysely,
        )
      ).rows;
      if (valid.length === 0) await new Promise((res) => setTimeout(res, 50));
    }
    expect(valid.length).toBe(1);
    expect((await t.request("DELETE", path("another"), { token: "admin" })).status).toBe(204);
    expect(await settled(1)).toEqual([indexName]);
  });

  it("refuses names that shadow a built-in field, bad names, bad sources and nodes without custom data", async () => {
    const refused = async (r: Response) => ({ status: r.status, details: ((await r.json()) as Err).error.details });
    expect(await refused(await put("status", "text", "dynamic.status"))).toEqual({
      status: 400,
      details: [{ path: "name", message: "'status' is a built-in field of sendings" }],
    });
    expect(await refused(await put("dynamic", "text", "dynamic.x"))).toMatchObject({
      status: 400,
      details: [{ path: "name" }],
    });
    expect(await refused(await put("_x", "text", "dynamic.x"))).toMatchObject({
      status: 400,
      details: [{ path: "name" }],
    });
    expect(await refused(await put("x", "text", "parameters.x"))).toEqual({
      status: 400,
      details: [{ path: "spec.value.source", message: "must be dynamic.<path>" }],
    });
    expect(await refused(await put("x", "text", "dynamic"))).toEqual({
      status: 400,
      details: [{ path: "spec.value.source", message: "must be dynamic.<path>" }],
    });
    expect(await refused(await put("x", "text", "dynamic.a'b"))).toEqual({
      status: 400,
      details: [
        { path: "spec.value.source", message: "each step must be 1 to 64 letters, digits, _ or - (not 'a'b')" },
      ],
    });
    expect(await refused(await put("x", "text", "dynamic.a..b"))).toMatchObject({
      status: 400,
      details: [{ path: "spec.value.source" }],
    });
    expect(await refused(await put("x", "date", "dynamic.x"))).toMatchObject({
      status: 400,
      details: [{ path: "spec.value.type" }],
    });
    expect((await put("x", "text", "dynamic.x", "admin", "nothing")).status).toBe(404);
    expect((await t.request("GET", path("x"), { token: "admin" })).status).toBe(404);
  });

  it(
    "needs registry/graph/<node>:write to register, :delete to delete, :read or " + "graph/<node>:query to read",
    async () => {
      expect((await put("y", "text", "dynamic.y", "reader")).status).toBe(403);
      expect((await put("y", "text", "dynamic.y", "query")).status).toBe(403);
      expect((await put("y", "text", "dynamic.y", "registrar", "order")).status).toBe(403);
      expect((await t.request("DELETE", path("region"), { token: "reader" })).status).toBe(403);
      expect((await t.request("GET", path("region"), { token: "none" })).status).toBe(403);
      expect((await t.request("GET", "/resources/registry/graph/sending/fields", { token: "none" })).status).toBe(403);
      expect((await t.request("GET", path("region"), { token: "query" })).status).toBe(200);
      expect((await t.request("GET", path("region"), { token: "registrar" })).status).toBe(403);
      expect((await t.request("GET", path("region"))).status).toBe(401);
    },
  );
});

describe("custom fields in queries", () => {
  beforeAll(async () => {
    await define("score", "number", "dynamic.score");
    await define("vip", "boolean", "dynamic.vip");
    await define("due", "instant", "dynamic.due");
    await define("zip", "text", "dynamic.address.zip");
  });

  it("text: compares by code point, case-insensitive contains, null for other types and absent values", async () => {
    expect(await subjects('region == "north"')).toEqual(["S0", "S2"]);
    expect(await subjects('region < "north"')).toEqual(["S1", "S3"]); // "South" < "east" < "north" by code point
    expect(await subjects('region contains "OUT"')).toEqual(["S1"]);
    expect(await subjects("region == null")).toEqual(["S4", "S5"]);
    expect(await subjects('region != "north"')).toEqual(["S1", "S3", "S4", "S5"]);
    expect(await subjects('zip in ["111", "333"]')).toEqual(["S0"]); // S2's zip is a number
    expect(await subjects("zip != null", "zip desc")).toEqual(["S1", "S0"]);
  });

  it("number: compares and orders as numbers; a numeric string is no number", async () => {
    expect(await subjects("score > 2")).toEqual(["S0", "S1", "S4"]);
    expect(await subjects("score >= -1 and score <= 2.5")).toEqual(["S1", "S3"]);
    expect(await subjects("score == null")).toEqual(["S2", "S5"]);
    // nulls last, ties by id in the same direction
    expect(await subjects("", "score desc")).toEqual(["S4", "S0", "S1", "S3", "S5", "S2"]);
    expect(await subjects("", "score asc")).toEqual(["S3", "S1", "S0", "S4", "S2", "S5"]);
  });

  it("boolean: true, false, and null for anything else", async () => {
    expect(await subjects("vip == true")).toEqual(["S0", "S3"]);
    expect(await subjects("vip == false")).toEqual(["S1", "S5"]);
    expect(await subjects("vip == null")).toEqual(["S2", "S4"]);
    expect(await subjects("vip != true")).toEqual(["S1", "S2", "S4", "S5"]);
  });

  it("instant: any offset, a date as its UTC midnight, null for days that do not exist and other text", async () => {
    expect(await subjects('due == "2026-05-01T10:00:00Z"')).toEqual(["S0"]);
    expect(await subjects('due == "2026-05-01T01:00:00Z"')).toEqual(["S3"]); // 23:00 at -02:00
    expect(await subjects('due >= "2026-05-01" and due < "2026-05-01T09:30:00Z"')).toEqual(["S1", "S3", "S5"]);
    expect(await subjects("due == null")).toEqual(["S2", "S4"]);
    expect(await subjects("", "due asc")).toEqual(["S1", "S3", "S5", "S0", "S2", "S4"]);
    const a = await ok({
      filter: "due != null",
      orderBy: "due desc",
      node: { fields: ["subject", "due", "score", "vip", "region"] },
      limit: 2,
    });
    expect(a.nodes).toEqual([
      { subject: "S0", due: "2026-05-01T10:00:00.000Z", score: 10, vip: true, region: "north" },
      { subject: "S5", due: "2026-05-01T09:00:00.500Z", score: null, vip: false, region: null },
    ]);
    const next = await ok({
      filter: "due != null",
      orderBy: "due desc",
      node: { fields: ["subject"] },
      limit: 2,
      after: a.lastCursor,
    });
    expect(next.nodes).toEqual([{ subject: "S3" }, { subject: "S1" }]);
  });

  it(
    "a custom field needs graph/sending:field, selected, filtered or ordered by; the default " + "fields leave it out",
    async () => {
      for (const q of [{ node: { fields: ["region"] } }, { filter: 'region == "north"' }, { orderBy: "score asc" }]) {
        const r = await query(q, "query");
        expect(r.status).toBe(403);
        expect(((await r.json()) as Err).error.message).toMatch(/requires graph\/sending:field/);
      }
      expect(
        (await ok({ filter: 'region == "north"', node: { fields: ["subject", "region"] } }, "fields")).nodes,
      ).toEqual([
        { subject: "S2", region: "north" },
        { subject: "S0", region: "north" },
      ]);
      expect(Object.keys((await ok({ limit: 1 })).nodes[0]!)).not.toContain("region");
    },
  );

  it("access attributes narrow custom-field queries as any other", async () => {
    expect((await ok({ filter: 'region == "north"', node: { fields: ["subject"] } }, "web")).nodes).toEqual([
      { subject: "S0" },
    ]);
  });

  it("counts exactly up to GRAPH_EXACT_COUNT_MAX, then answers the planner's estimate, marked as such", async () => {
    expect(await ok({ filter: 'region == "north"', count: true, node: { fields: ["subject"] } })).toMatchObject({
      count: 2,
      countEstimated: false,
    });
    expect(await ok({ filter: "score > 2", count: true, limit: 1 })).toMatchObject({ count: 3, countEstimated: false });
    const estimated = await ok({ filter: "due != null or score != null", count: true, limit: 1 });
    expect(estimated.countEstimated).toBe(true);
    expect(estimated.count).toBeGreaterThanOrEqual(4); // at least one past the maximum: it saw 4
    expect(await ok({ limit: 1 })).not.toHaveProperty("count");
  });

  it(
    "is read through its index: filters, ranges and the order the graph writes match the " + "indexed expression",
    async () => {
      const edge = sendingsContext.graphEdges!.find((e) => e.edge === "sendings")!;
      const plan = (type: CustomFieldType, source: string, tail: (expr: string) => string) => {
        const parsed = parseSource(edge, source);
        if (typeof parsed === "string") throw new Error(parsed);
        const expr = customGraphField(parsed, type).sql;
        return t.platform.db.kysely.connection().execute(async (conn) => {
          await sql`SET enable_seqscan = off`.execute(conn);
          try {
            const { rows } = await sql
              .raw<Record<string, string>>(`EXPLAIN SELECT 1 FROM sendings_sendings AS t ${tail(expr)}`)
              .execute(conn);
            return rows.map((r) => Object.values(r)[0]).join("\n");
          } finally {
            await sql`RESET enable_seqscan`.execute(conn);
          }
        });
      };
      const index = async (name: string) => (await ready(name)).status.indexName;
      expect(await plan("text", "dynamic.region", (e) => `WHERE ${e} = 'north'`)).toContain(await index("region"));
      expect(await plan("text", "dynamic.region", (e) => `WHERE ${e} COLLATE "C" > 'm'`)).toContain(
        await index("region"),
      );
      expect(await plan("text", "dynamic.region", (e) => `ORDER BY ${e} COLLATE "C" DESC LIMIT 5`)).toContain(
        await index("region"),
      );
      // The default order rides in the index: a page of one value newest first needs no sort.
      const page = await plan(
        "text",
        "dynamic.region",
        (e) => `WHERE ${e} = 'north' ORDER BY t.created_at DESC, t.sending_id DESC LIMIT 50`,
      );
      expect(page).toContain(await index("region"));
      expect(page).not.toMatch(/Sort/);
      expect(await plan("number", "dynamic.score", (e) => `WHERE ${e} >= 3`)).toContain(await index("score"));
      expect(await plan("boolean", "dynamic.vip", (e) => `WHERE ${e} = true`)).toContain(await index("vip"));
      expect(await plan("instant", "dynamic.due", (e) => `WHERE ${e} < '2026-05-01T00:00:00Z'::timestamptz`)).toContain(
        await index("due"),
      );
    },
  );

  it("refuses type mismatches as for built-in fields", async () => {
    const r = await query({ filter: 'score == "x"' });
    expect(((await r.json()) as Err).error.details).toEqual([
      { path: "0.filter", message: 'score is a number, not "x" at 0' },
    ]);
    const o = await query({ filter: "vip < true" });
    expect(((await o.json()) as Err).error.details).toEqual([
      { path: "0.filter", message: "< cannot compare vip at 0" },
    ]);
  });
});
