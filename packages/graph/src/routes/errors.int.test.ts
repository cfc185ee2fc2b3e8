import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { graphContext } from "../index.ts";
import { probeContext } from "../testing/probe-edge.ts";

const callers = { graph: { scope: ["graph:*"] }, query: { scope: ["graph/probe:query"] } };
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform([staticAuthContext(callers), probeContext, graphContext]);
  await sql`INSERT INTO probe_rows (id, label, n, flag, at) VALUES ('a', 'Alpha', 1, true, now()), ('b', 'beta', 2, false, now())`.execute(
    t.platform.db.kysely,
  );
});
afterAll(() => t.close());

type Err = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
const send = async (body: unknown, token = "graph") => {
  const r = await t.request("POST", "/resources/graph/query", { token, body });
  return { status: r.status, body: (await r.json()) as Err & Record<string, { nodes: unknown[] }> };
};
const q = (over: Record<string, unknown>) => [{ edge: "probes", alias: "p", ...over }];
const rowCount = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM probe_rows`.execute(t.platform.db.kysely)).rows[0]!.n;

// [what, body, status, code, detail path, detail message (exact, or a RegExp)]
const CASES: [string, unknown, number, string, string, string | RegExp][] = [
  [
    "a syntax error names the position",
    q({ filter: "label startsWith and x" }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    "expected a value at 17",
  ],
  [
    "an unterminated string",
    q({ filter: 'label == "abc' }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    "unterminated string at 9",
  ],
  ["an unknown field", q({ filter: "nope == 1" }), 400, "VALIDATION_FAILED", "0.filter", "unknown field 'nope' at 0"],
  [
    "a type mismatch",
    q({ filter: 'flag == true and n == "x"' }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    'n is a number, not "x" at 17',
  ],
  [
    "an instant that is not one",
    q({ filter: 'at > "yesterday"' }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    'at is an instant; "yesterday" is not an ISO 8601 instant at 0',
  ],
  [
    "a day that does not exist",
    q({ filter: 'at > "2026-02-30"' }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    'at is an instant; "2026-02-30" is not an ISO 8601 instant at 0',
  ],
  [
    "the year 0",
    q({ filter: 'at > "0000-12-31T00:00:00Z"' }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    'at is an instant; "0000-12-31T00:00:00Z" is not an ISO 8601 instant at 0',
  ],
  [
    "a year 1 pushed into the year 0 by its offset",
    q({ filter: 'at > "0001-01-01T00:00:00+01:00"' }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    'at is an instant; "0001-01-01T00:00:00+01:00" is not an ISO 8601 instant at 0',
  ],
  [
    "a number where an instant is due",
    q({ filter: "at > 5" }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    "at is an instant (a quoted ISO 8601 string), not 5 at 0",
  ],
  [
    "contains on a number",
    q({ filter: 'n contains "1"' }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    "contains needs a text field; n is a number at 0",
  ],
  [
    "an order on a boolean",
    q({ filter: "flag < true" }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    "< cannot compare flag at 0",
  ],
  [
    "null with an ordering operator",
    q({ filter: "note > null" }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    "> cannot compare with null at 0",
  ],
  [
    "null in an in list",
    q({ filter: 'note in ["a", null]' }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    "in [..] cannot hold null; use note == null at 0",
  ],
  [
    "a NUL escaped in a string",
    q({ filter: 'label == "a\\u0000b" or note contains "\\u0000"' }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    "a string may not hold U+0000 or a lone surrogate at 0",
  ],
  [
    "a lone surrogate escaped in a string",
    q({ filter: 'note in ["\\ud800"]' }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    "a string may not hold U+0000 or a lone surrogate at 0",
  ],
  [
    "a json field in a filter",
    q({ filter: "body == 1" }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    "body cannot be filtered at 0",
  ],
  [
    "a filter over 2,000 characters",
    q({ filter: `${"n == 1 or ".repeat(200)}n == 1`.padEnd(2001, " ") }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    "must be at most 2000 characters",
  ],
  [
    "nesting deeper than 16",
    q({ filter: `${"(".repeat(17)}n == 1${")".repeat(17)}` }),
    400,
    "VALIDATION_FAILED",
    "0.filter",
    "nesting deeper than 16 at 16",
  ],
  ["an unknown edge", [{ edge: "secrets" }], 400, "VALIDATION_FAILED", "0.edge", "must be one of probes"],
  ["a limit over 100", q({ limit: 101 }), 400, "VALIDATION_FAILED", "0.limit", "must be at most 100"],
  ["a limit of 0", q({ limit: 0 }), 400, "VALIDATION_FAILED", "0.limit", "must be at least 1"],
  [
    "more than 10 queries",
    Array.from({ length: 11 }, (_, i) => ({ edge: "probes", alias: `q${i}` })),
    400,
    "VALIDATION_FAILED",
    "(body)",
    "must hold at most 10 queries",
  ],
  ["no query", [], 400, "VALIDATION_FAILED", "(body)", "must hold a query"],
  [
    "an alias used twice",
    [
      { edge: "probes", alias: "x" },
      { edge: "probes", alias: "x" },
    ],
    400,
    "VALIDATION_FAILED",
    "1.alias",
    "'x' is used by an earlier query",
  ],
  [
    "an edge queried twice without aliases",
    [{ edge: "probes" }, { edge: "probes" }],
    400,
    "VALIDATION_FAILED",
    "1.alias",
    "'probes' is used by an earlier query",
  ],
  [
    "an unknown field in node.fields",
    q({ node: { fields: ["id", "secret"] } }),
    400,
    "VALIDATION_FAILED",
    "0.node.fields[1]",
    "unknown field 'secret'",
  ],
  [
    "an unknown orderBy field",
    q({ orderBy: "nope desc" }),
    400,
    "VALIDATION_FAILED",
    "0.orderBy",
    "unknown field 'nope'",
  ],
  [
    "an orderBy direction that is none",
    q({ orderBy: "n sideways" }),
    400,
    "VALIDATION_FAILED",
    "0.orderBy",
    "must be '<field> [asc|desc]'",
  ],
  [
    "an order by a json field",
    q({ orderBy: "body asc" }),
    400,
    "VALIDATION_FAILED",
    "0.orderBy",
    "body cannot be ordered by",
  ],
  [
    "a forged cursor",
    q({ after: "bm9wZQ" }),
    400,
    "VALIDATION_FAILED",
    "0.after",
    "not a cursor of this query's order",
  ],
  [
    "a property the contract does not know",
    q({ sql: "DROP TABLE probe_rows" }),
    400,
    "VALIDATION_FAILED",
    "0.sql",
    /Invalid key/,
  ],
  ["a count that is not a boolean", q({ count: "yes" }), 400, "VALIDATION_FAILED", "0.count", /boolean/],
];

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
    await sql`INSERT INTO probe_rows (id, label, note, n, flag, at) SELECT 'r' || i, 'label ' || i, md5(i::text), i, i % 2 = 0, now() FROM generate_series(1, 100000) AS i`.execute(
      slow.platform.db.kysely,
    );
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
