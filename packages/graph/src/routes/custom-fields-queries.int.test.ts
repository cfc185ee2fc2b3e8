import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { sendingsContext } from "@platform/sendings";
import { customGraphField, parseSource } from "../custom/source.ts";
import type { CustomFieldType } from "../custom/source.ts";
import {
  define,
  ok,
  query,
  ready,
  subjects,
  t,
  useCustomFieldsPlatform,
} from "./test-support/custom-fields-fixture.ts";
import type { Err } from "./test-support/custom-fields-fixture.ts";

useCustomFieldsPlatform();

describe("custom fields in queries", () => {
  beforeAll(async () => {
    // The registry's tests (custom-fields.int.test.ts) leave this field defined; these tests start from it.
    await define("region", "text", "dynamic.region");
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
