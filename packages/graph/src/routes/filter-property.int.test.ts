import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { sendingsContext } from "@platform/sendings";
import type { Comparator, FilterNode, Literal } from "../filter/ast.ts";
import { parseFilter } from "../filter/parse.ts";
import { isInstantText } from "../filter/compile.ts";
import { evaluateFilter } from "../testing/evaluate.ts";
import type { FieldTypes } from "../testing/evaluate.ts";
import { graphContext } from "../index.ts";

// For random filters over a random set of sendings, the graph answer equals the same
// filter evaluated in memory (testing/evaluate.ts) over the same rows, custom fields
// over the rows' `dynamic` included. The rows are one fixed
// random set (a fixed seed), written straight into the read model; the filters are random per run.

/** 250 runs take about 2 s on either engine; FILTER_PROPERTY_RUNS=5000 for a deeper local search. */
const NUM_RUNS = Number(process.env.FILTER_PROPERTY_RUNS ?? 250);
/** The fixed seed of the rows (FILTER_PROPERTY_ROW_SEED picks another set). */
const ROW_SEED = Number(process.env.FILTER_PROPERTY_ROW_SEED ?? 23);

const TYPES = {
  sendingId: { type: "text" },
  recipient: { type: "text" },
  status: { type: "text" },
  category: { type: "text" },
  subject: { type: "text" },
  createdAt: { type: "instant" },
  updatedAt: { type: "instant" },
  sentAt: { type: "instant", nullable: true },
  errorMessage: { type: "text", nullable: true },
  retryCount: { type: "number" },
  nextAttemptAt: { type: "instant", nullable: true },
  channelKey: { type: "text", nullable: true },
  // Custom fields, registered in beforeAll over each row's `dynamic`.
  region: { type: "text", nullable: true },
  score: { type: "number", nullable: true },
  vip: { type: "boolean", nullable: true },
  due: { type: "instant", nullable: true },
} as const satisfies FieldTypes;
const CUSTOM = { region: "dynamic.region", score: "dynamic.m.score", vip: "dynamic.vip", due: "dynamic.due" } as const;
type FieldName = keyof typeof TYPES;
const FIELDS = Object.keys(TYPES) as FieldName[];

// ---- the rows -------------------------------------------------------------------------------

const BASE = Date.parse("2026-03-01T00:00:00.000Z");
const DAY = 86_400_000;
const iso = (ms: number) => new Date(BASE + ms).toISOString();
// Some offsets repeat on purpose, so equal instants across rows are likely.
const offset = fc.oneof(fc.constantFrom(0, DAY / 2, DAY, 2 * DAY), fc.integer({ min: 0, max: 4 * DAY }));

const rowArb = fc.record({
  prefix: fc.constantFrom("s", "S", "snd_", "a%", "Z"),
  recipient: fc.constantFrom(
    "alice@example.test",
    "Alice@Example.test",
    "bob@example.test",
    "carol_x@shop.test",
    "dave%1@example.test",
    "eve\\o@example.test",
  ),
  status: fc.constantFrom("pending", "sent", "bounced", "cancelled"),
  category: fc.constantFrom("News", "news", "NEWS", "promo_1", "promo1", "a%b", "axb", ""),
  subject: fc.oneof(
    fc.constantFrom(
      "Hello",
      "hello world",
      "Your order #12",
      "50% off!",
      "under_score",
      'say "hi"',
      "back\\slash",
      "it's",
    ),
    fc.string({ maxLength: 8 }),
  ),
  created: offset,
  updatedAfter: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: DAY })),
  sentAfter: fc.option(fc.integer({ min: 0, max: DAY }), { nil: null }),
  errorMessage: fc.option(
    fc.constantFrom(
      "50% failed",
      "rate_limited",
      "path C:\\tmp\\x",
      "100%_done",
      "a\\%b",
      "Timeout",
      "timeout after 5s",
      "_",
      "%",
    ),
    { nil: null },
  ),
  retryCount: fc.integer({ min: 0, max: 5 }),
  next: fc.option(offset, { nil: null }),
  channelKey: fc.option(fc.constantFrom("web", "Web", "shop", "shop_eu"), { nil: null }),
  // `dynamic`: values of the custom fields' types, of other types, or absent (undefined).
  region: fc.option(
    fc.oneof(
      fc.constantFrom("North", "north", "nörth", "south_1", "a%b", "", "Ω"),
      fc.constantFrom<unknown>(7, true, null, ["north"]),
    ),
    { nil: undefined },
  ),
  score: fc.option(
    fc.oneof(
      fc.integer({ min: -1, max: 6 }),
      fc.constantFrom(2.5, 0.5, -0.5),
      fc.constantFrom<unknown>("3", false, null, { n: 1 }),
    ),
    { nil: undefined },
  ),
  vip: fc.option(fc.oneof(fc.boolean(), fc.constantFrom<unknown>("true", 1, null)), { nil: undefined }),
  due: fc.option(
    fc
      .tuple(offset, fc.constantFrom("iso", "offset", "date", "bare", "bad-day", "text", "number"))
      .map(([o, form]): unknown => {
        const s = iso(o);
        return form === "offset"
          ? `${new Date(BASE + o + 3_600_000).toISOString().slice(0, 19)}+01:00`
          : form === "date"
            ? s.slice(0, 10)
            : form === "bare"
              ? s.slice(0, 19)
              : form === "bad-day"
                ? "2026-02-30T10:00:00Z"
                : form === "text"
                  ? "soon"
                  : form === "number"
                    ? o
                    : s;
      }),
    { nil: undefined },
  ),
});

/**
 * A custom field's value as the reference reads `dynamic`: of the field's type, else null (an instant: ISO 8601 naming
 * a real day; no offset is UTC).
 */
const customValue = (
  type: "text" | "number" | "boolean" | "instant",
  raw: unknown,
): string | number | boolean | null => {
  if (type === "text") return typeof raw === "string" ? raw : null;
  if (type === "number") return typeof raw === "number" ? raw : null;
  if (type === "boolean") return typeof raw === "boolean" ? raw : null;
  if (typeof raw !== "string" || !isInstantText(raw)) return null;
  return new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(raw) || raw.length === 10 ? raw : `${raw}Z`).toISOString();
};

type Row = { readonly [K in FieldName]: string | number | boolean | null } & {
  readonly dynamic: Record<string, unknown>;
};
const rows: Row[] = fc
  .sample(fc.array(rowArb, { minLength: 40, maxLength: 40 }), { seed: ROW_SEED, numRuns: 1 })[0]!
  .map((r, i) => ({
    sendingId: `${r.prefix}${String(i).padStart(2, "0")}`,
    recipient: r.recipient,
    status: r.status,
    category: r.category,
    subject: r.subject,
    createdAt: iso(r.created),
    updatedAt: iso(r.created + r.updatedAfter),
    sentAt: r.sentAfter === null ? null : iso(r.created + r.sentAfter),
    errorMessage: r.errorMessage,
    retryCount: r.retryCount,
    nextAttemptAt: r.next === null ? null : iso(r.next),
    channelKey: r.channelKey,
    region: customValue("text", r.region),
    score: customValue("number", r.score),
    vip: customValue("boolean", r.vip),
    due: customValue("instant", r.due),
    dynamic: {
      ...(r.region === undefined ? {} : { region: r.region }),
      ...(r.score === undefined ? {} : { m: { score: r.score } }),
      ...(r.vip === undefined ? {} : { vip: r.vip }),
      ...(r.due === undefined ? {} : { due: r.due }),
    },
  }));

// ---- the filters ----------------------------------------------------------------------------

const present = (name: FieldName): string[] => {
  const values = [...new Set(rows.map((r) => r[name]).filter((v): v is string => typeof v === "string"))];
  return values.length > 0 ? values : ["none"];
};
const allText = [...new Set(FIELDS.filter((f) => TYPES[f].type === "text").flatMap(present))];
const str = (value: string): Literal => ({ kind: "string", value });
const withCase = (s: string) =>
  fc
    .array(fc.constantFrom("keep", "upper", "lower"), { minLength: s.length, maxLength: s.length })
    .map((how) =>
      [...s].map((c, i) => (how[i] === "upper" ? c.toUpperCase() : how[i] === "lower" ? c.toLowerCase() : c)).join(""),
    );

const textValue = (name: FieldName) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...present(name)) },
    { weight: 2, arbitrary: fc.constantFrom(...present(name)).chain(withCase) },
    { weight: 1, arbitrary: fc.constantFrom(...allText) },
    { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
  );
/** A prefix, suffix or middle of a value in the rows, in random case (or something random). */
const textPart = (name: FieldName) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...present(name))
        .chain((s) =>
          fc
            .tuple(
              fc.integer({ min: 0, max: s.length }),
              fc.integer({ min: 0, max: s.length }),
              fc.constantFrom("prefix", "suffix", "middle"),
            )
            .map(([i, j, k]) =>
              k === "prefix" ? s.slice(0, j) : k === "suffix" ? s.slice(i) : s.slice(Math.min(i, j), Math.max(i, j)),
            ),
        )
        .chain(withCase),
    },
    { weight: 1, arbitrary: fc.constantFrom("%", "_", "\\", "%_", "a%", "%b", "5_") },
    { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
  );
const numberValue = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -1, max: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom(2.5, 0.5, -0.5, 1e-7, 4.999) },
);
/** An instant near (or at) one in the rows, written in one of the ISO 8601 forms the language takes. */
const instantValue = (name: FieldName) => {
  const pool = [...present(name), ...present("createdAt")].map((s) => Date.parse(s));
  return fc
    .tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...pool) },
        { weight: 1, arbitrary: offset.map((o) => BASE + o) },
      ),
      fc.constantFrom(0, 0, 0, 0, -1, 1, -1000, 1000, -DAY),
      fc.constantFrom("iso", "iso", "iso", "offset", "compactOffset", "date", "seconds", "micro", "local"),
    )
    .map(([ms, delta, form]) => {
      const d = new Date(ms + delta);
      const s = d.toISOString();
      const shifted = (h: number) => new Date(ms + delta + h * 3_600_000).toISOString().slice(0, 23);
      switch (form) {
        case "offset":
          return `${shifted(5.5)}+05:30`;
        case "compactOffset":
          return `${shifted(-8)}-0800`;
        case "date":
          return s.slice(0, 10);
        case "seconds":
          return `${s.slice(0, 19)}Z`;
        case "micro":
          return s.replace("Z", "456Z");
        case "local": // no zone: JS reads it as local time, and so does the compiler
          return s.slice(0, 23);
        default:
          return s;
      }
    });
};

const leafOf = (name: FieldName): fc.Arbitrary<FilterNode> => {
  const { type } = TYPES[name];
  const compare = (op: Comparator, value: Literal): FilterNode => ({ kind: "compare", field: name, op, value, at: 0 });
  const value: fc.Arbitrary<Literal> =
    type === "number"
      ? numberValue.map((value) => ({ kind: "number", value }))
      : type === "boolean"
        ? fc.boolean().map((value) => ({ kind: "boolean", value }))
        : type === "instant"
          ? instantValue(name).map(str)
          : textValue(name).map(str);
  const ordered =
    type === "boolean"
      ? fc.constantFrom<Comparator>("==", "!=")
      : fc.constantFrom<Comparator>("==", "!=", "<", "<=", ">", ">=");
  const leaves: fc.WeightedArbitrary<FilterNode>[] = [
    { weight: 4, arbitrary: fc.tuple(ordered, value).map(([op, v]) => compare(op, v)) },
    {
      weight: 2,
      arbitrary: fc
        .array(value, { maxLength: 3 })
        .map((values): FilterNode => ({ kind: "in", field: name, values, at: 0 })),
    },
    {
      weight: "nullable" in TYPES[name] ? 2 : 1,
      arbitrary: fc.constantFrom<Comparator>("==", "!=").map((op) => compare(op, { kind: "null" })),
    },
  ];
  if (type === "text")
    leaves.push({
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom<Comparator>("contains", "startsWith", "endsWith"), textPart(name))
        .map(([op, s]) => compare(op, str(s))),
    });
  return fc.oneof(...leaves);
};

const { node: filterArb } = fc.letrec<{
  node: FilterNode;
  leaf: FilterNode;
  and: FilterNode;
  or: FilterNode;
  not: FilterNode;
}>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", maxDepth: 4, withCrossShrink: true },
    tie("leaf"),
    tie("and"),
    tie("or"),
    tie("not"),
  ),
  leaf: fc.oneof(...FIELDS.map(leafOf)),
  and: fc.array(tie("node"), { minLength: 2, maxLength: 3 }).map((operands): FilterNode => ({ kind: "and", operands })),
  or: fc.array(tie("node"), { minLength: 2, maxLength: 3 }).map((operands): FilterNode => ({ kind: "or", operands })),
  not: tie("node").map((operand): FilterNode => ({ kind: "not", operand })),
}));

// ---- rendering ------------------------------------------------------------------------------

const literalText = (l: Literal) =>
  l.kind === "string" ? JSON.stringify(l.value) : l.kind === "null" ? "null" : String(l.value);

/**
 * The filter as text (every and/or/not operand in parentheses) and the tree the parser must read from it (`at` set).
 */
const layout = (node: FilterNode, start: number): { text: string; node: FilterNode } => {
  switch (node.kind) {
    case "compare":
      return { text: `${node.field} ${node.op} ${literalText(node.value)}`, node: { ...node, at: start } };
    case "in":
      return { text: `${node.field} in [${node.values.map(literalText).join(", ")}]`, node: { ...node, at: start } };
    case "not": {
      const inner = layout(node.operand, start + "not (".length);
      return { text: `not (${inner.text})`, node: { kind: "not", operand: inner.node } };
    }
    case "and":
    case "or": {
      const sep = ` ${node.kind} `;
      const parts: string[] = [];
      const operands: FilterNode[] = [];
      let pos = start;
      for (const o of node.operands) {
        if (parts.length > 0) pos += sep.length;
        const inner = layout(o, pos + 1);
        parts.push(`(${inner.text})`);
        operands.push(inner.node);
        pos += inner.text.length + 2;
      }
      return { text: parts.join(sep), node: { kind: node.kind, operands } };
    }
  }
};
const render = (node: FilterNode) => layout(node, 0).text;

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
