import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { sendingsContext } from "@platform/sendings";
import { parseFilter } from "../filter/parse.ts";
import { evaluateFilter } from "../testing/evaluate.ts";
import { graphContext } from "../index.ts";
import { CUSTOM, TYPES, rows } from "./test-support/filter-rows.ts";
import type { FieldName } from "./test-support/filter-rows.ts";
import { filterArb, layout, render } from "./test-support/filter-arbitraries.ts";

// For random filters over a random set of sendings, the graph answer equals the same
// filter evaluated in memory (testing/evaluate.ts) over the same rows, custom fields
// over the rows' `dynamic` included. The rows are one fixed
// random set (a fixed seed), written straight into the read model; the filters are random per run.

/** 250 runs take about 2 s on either engine; FILTER_PROPERTY_RUNS=5000 for a deeper local search. */
const NUM_RUNS = Number(process.env.FILTER_PROPERTY_RUNS ?? 250);

// ---- the property ---------------------------------------------------------------------------

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform([
    staticAuthContext({ graph: { scope: ["graph:*", "registry:*"] } }),
    sendingsContext,
    graphContext,
  ]);
  for (const [name, source] of Object.entries(CUSTOM)) {
    const r = await t.request("PUT", `/resources/registry/graph/sending/fields/${name}`, {
      token: "graph",
      body: { spec: { value: { type: TYPES[name as FieldName].type, source } } },
    });
    expect(r.status).toBe(201);
  }
  await t.platform.db.kysely
    .insertInto("sendings_sendings")
    .values(
      rows.map((r) => ({
        sending_id: r.sendingId,
        recipient: r.recipient,
        recipient_lc: String(r.recipient).toLowerCase(),
        transport: "email",
        status: r.status,
        category: r.category,
        subject: r.subject,
        created_at: r.createdAt,
        updated_at: r.updatedAt,
        sent_at: r.sentAt,
        error_message: r.errorMessage,
        retry_count: r.retryCount,
        next_attempt_at: r.nextAttemptAt,
        cc: "",
        bcc: "",
        dynamic: JSON.stringify(r.dynamic),
        channel_key: r.channelKey,
      })),
    )
    .execute();
});
afterAll(() => t.close());

type Answer = { s: { nodes: { sendingId: string }[]; count: number } };

describe("graph filters against the in-memory reference semantics", () => {
  it("holds the 40 random rows (all visible to the caller)", async () => {
    const r = await t.request("POST", "/resources/graph/query", {
      token: "graph",
      body: [{ edge: "sendings", alias: "s", limit: 100, count: true, node: { fields: ["sendingId"] } }],
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as Answer).s.count).toBe(rows.length);
  });

  it(
    "answers every random filter with exactly the rows the reference semantics pick",
    async () => {
      await fc.assert(
        fc.asyncProperty(filterArb, async (ast) => {
          const { text, node } = layout(ast, 0);
          expect(parseFilter(text)).toEqual(node);
          const r = await t.request("POST", "/resources/graph/query", {
            token: "graph",
            body: [
              { edge: "sendings", alias: "s", filter: text, limit: 100, count: true, node: { fields: ["sendingId"] } },
            ],
          });
          const body = (await r.json()) as Answer;
          if (r.status !== 200) throw new Error(`${r.status} for ${text}: ${JSON.stringify(body)}`);
          const expected = rows
            .filter((row) => evaluateFilter(ast, row, TYPES))
            .map((row) => row.sendingId)
            .sort();
          expect({ filter: text, count: body.s.count, ids: body.s.nodes.map((n) => n.sendingId).sort() }).toEqual({
            filter: text,
            count: expected.length,
            ids: expected,
          });
        }),
        { numRuns: NUM_RUNS },
      );
    },
    Math.max(30_000, NUM_RUNS * 30),
  );

  it("renders text that parses back to the same tree", () =>
    fc.assert(
      fc.property(filterArb, (ast) => {
        expect(parseFilter(render(ast))).toEqual(layout(ast, 0).node);
      }),
      { numRuns: 500 },
    ));
});
