import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { graphContext } from "../index.ts";
import { probeContext } from "../testing/probe-edge.ts";
import { CASES, q } from "./test-support/bad-query-cases.ts";

const callers = { graph: { scope: ["graph:*"] }, query: { scope: ["graph/probe:query"] } };
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform([staticAuthContext(callers), probeContext, graphContext]);
  await sql`INSERT INTO probe_rows (id, label, n, flag, at)
    VALUES ('a', 'Alpha', 1, true, now()), ('b', 'beta', 2, false, now())`.execute(t.platform.db.kysely);
});
afterAll(() => t.close());

type Err = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
const send = async (body: unknown, token = "graph") => {
  const r = await t.request("POST", "/resources/graph/query", { token, body });
  return { status: r.status, body: (await r.json()) as Err & Record<string, { nodes: unknown[] }> };
};
const rowCount = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM probe_rows`.execute(t.platform.db.kysely)).rows[0]!.n;

describe("bad queries answer in the contract's shape and change nothing", () => {
  it.each(CASES)("%s", async (_what, body, status, code, path, message) => {
    const r = await send(body);
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    expect(r.body.error.details).toHaveLength(1);
    expect(r.body.error.details![0]!.path).toBe(path);
    expect(r.body.error.details![0]!.message).toMatch(
      typeof message === "string" ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : message,
    );
  });

  it("words a filter error as `filter: <what> at <position>`", async () => {
    const r = await send(q({ filter: "label startsWith and x" }));
    expect(r.body.error.message).toBe("filter: expected a value at 17");
  });

  it("refuses a restricted field without graph/<node>:field, in fields, filters and orders", async () => {
    for (const over of [{ node: { fields: ["body"] } }, { filter: "body == 1" }, { orderBy: "body asc" }]) {
      const r = await send(q(over), "query");
      expect(r).toEqual({
        status: 403,
        body: { error: { code: "FORBIDDEN", message: "Field body of probes requires graph/probe:field" } },
      });
    }
  });

  it("refuses a cursor of another order", async () => {
    const first = await send(q({ orderBy: "n asc", limit: 1 }));
    const cursor = (first.body.p as unknown as { lastCursor: string }).lastCursor;
    const r = await send(q({ orderBy: "label asc", after: cursor }));
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ path: "0.after", message: "not a cursor of this query's order" }]);
  });
});

describe("injection attempts", () => {
  const ATTEMPTS: [string, unknown][] = [
    ["a field name", q({ filter: "label; DROP TABLE probe_rows; -- == 1" })],
    ["a field name with quotes", q({ filter: 'label" == "x' })],
    ["a selected field", q({ node: { fields: ['id" FROM probe_rows; DROP TABLE probe_rows; --'] } })],
    ["a value closing the string", q({ filter: 'label == "" or 1 == 1' })],
    ["a value with a comment", q({ filter: "label == 'x' -- ' or n > 0" })],
    ["an alias", [{ edge: "probes", alias: 'p" FROM probe_rows; DROP TABLE probe_rows; --' }]],
    ["an orderBy", q({ orderBy: "id; DROP TABLE probe_rows" })],
    ["an orderBy with a subquery", q({ orderBy: "(SELECT 1) desc" })],
    ["an edge", [{ edge: "probe_rows; DROP TABLE probe_rows" }]],
  ];
  it.each(ATTEMPTS)("through %s answers 400", async (_what, body) => {
    const r = await send(body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("VALIDATION_FAILED");
    expect(await rowCount()).toBe(2);
  });

  it("a value is only ever a parameter: quotes in it match nothing and change nothing", async () => {
    for (const value of ["x' OR '1'='1", "'; DROP TABLE probe_rows; --", "%", "_", "\\"]) {
      const r = await send(
        q({
          filter: `label == ${JSON.stringify(value)} or label contains ${JSON.stringify(value)}`,
          node: { fields: ["id"] },
        }),
      );
      expect(r.status).toBe(200);
      expect(r.body.p!.nodes).toEqual([]);
    }
    expect(await rowCount()).toBe(2);
  });

  it("an alias such as __proto__ is a plain key of the answer", async () => {
    const r = await t.request("POST", "/resources/graph/query", {
      token: "graph",
      body: [{ edge: "probes", alias: "__proto__", node: { fields: ["id"] } }],
    });
    expect(r.status).toBe(200);
    const text = await r.text();
    expect(JSON.parse(text)).toEqual(
      JSON.parse(
        '{"__proto__": {"nodes": [{"id": "a"}, {"id": "b"}], "lastCursor": ' +
          JSON.stringify(JSON.parse(text)["__proto__"].lastCursor) +
          "}}",
      ),
    );
  });
});

describe("GRAPH_TIMEOUT_MS", () => {
  let slow: TestPlatform;
  beforeAll(async () => {
    slow = await createTestPlatform([staticAuthContext(callers), probeContext, graphContext], {
      GRAPH_TIMEOUT_MS: "1",
    });
    await sql`INSERT INTO probe_rows (id, label, note, n, flag, at)
      SELECT 'r' || i, 'label ' || i, md5(i::text), i, i % 2 = 0, now()
      FROM generate_series(1, 100000) AS i`.execute(slow.platform.db.kysely);
  });
  afterAll(() => slow?.close());

  it("answers a query running past it with 400 QUERY_TOO_EXPENSIVE", async () => {
    const r = await slow.request("POST", "/resources/graph/query", {
      token: "graph",
      body: q({ filter: 'note contains "abc" or label endsWith "7"', count: true, orderBy: "note desc" }),
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      error: {
        code: "QUERY_TOO_EXPENSIVE",
        message: "The graph query ran past 1 ms; narrow its filter or lower its limit",
      },
    });
  });
});
