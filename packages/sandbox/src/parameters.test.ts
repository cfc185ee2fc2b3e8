import { describe, expect, it } from "vitest";
import type { Parameters } from "./parameters.ts";
import { checkDeclaration, compileParameters, normaliseInstant, validateInput } from "./parameters.ts";

const declared: Parameters = {
  orderNumber: { type: "text" },
  quantity: { type: "number", default: 1 },
  express: { type: "boolean", default: false },
  note: { type: ["text", "nothing"] },
  placedAt: { type: "instant" },
  due: { type: ["instant", "nothing"], default: "2026-12-01T00:00:00+01:00" },
  code: { type: ["text", "number"] },
  lines: {
    type: "array",
    items: { type: "object", properties: { sku: { type: "text" }, qty: { type: "number", default: 1 } } },
  },
  address: { type: "object", properties: { city: { type: "text" }, zip: { type: ["text", "nothing"] } } },
  extra: { type: ["object", "nothing"] },
  tags: { type: ["array", "nothing"], items: { type: "text" } },
  constructor: { type: ["text", "nothing"] as const },
};
const schema = compileParameters(declared);
const valid = { orderNumber: "A-1", placedAt: "2026-11-24T10:00:00Z", code: 7, lines: [], address: { city: "Oslo" } };
const filled = {
  orderNumber: "A-1",
  quantity: 1,
  express: false,
  note: null,
  placedAt: "2026-11-24T10:00:00.000Z",
  due: "2026-11-30T23:00:00.000Z",
  code: 7,
  lines: [],
  address: { city: "Oslo", zip: null },
  extra: null,
  tags: null,
  constructor: null,
};

type Row = [string, unknown, { path: string; message: string }[] | Record<string, unknown>];
const with_ = (patch: Record<string, unknown>) => ({ ...valid, ...patch });
const without = (key: string) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key));

const table: Row[] = [
  ["the smallest valid input, defaults and nulls filled in", valid, filled],
  ["a default is overridden", with_({ quantity: 3, express: true }), { ...filled, quantity: 3, express: true }],
  ["a nullable given", with_({ note: "leave at door" }), { ...filled, note: "leave at door" }],
  ["a nullable given null", with_({ note: null }), filled],
  [
    "an instant with an offset becomes UTC",
    with_({ placedAt: "2026-11-24T10:00:00+01:00" }),
    { ...filled, placedAt: "2026-11-24T09:00:00.000Z" },
  ],
  [
    "an instant with fractions and a negative offset",
    with_({ placedAt: "2026-11-24T10:00:00.1234-02:30" }),
    { ...filled, placedAt: "2026-11-24T12:30:00.123Z" },
  ],
  [
    "an instant without seconds",
    with_({ placedAt: "2026-11-24T10:00Z" }),
    { ...filled, placedAt: "2026-11-24T10:00:00.000Z" },
  ],
  ["a union takes either type", with_({ code: "X7" }), { ...filled, code: "X7" }],
  [
    "array items get their defaults",
    with_({ lines: [{ sku: "a" }, { sku: "b", qty: 2 }] }),
    {
      ...filled,
      lines: [
        { sku: "a", qty: 1 },
        { sku: "b", qty: 2 },
      ],
    },
  ],
  [
    "a free-form object keeps every key",
    with_({ extra: { any: [1, { deep: true }] } }),
    { ...filled, extra: { any: [1, { deep: true }] } },
  ],
  ["a parameter named constructor is ordinary data", with_({ constructor: "x" }), { ...filled, constructor: "x" }],
  ["a required text missing", without("orderNumber"), [{ path: "orderNumber", message: "required" }]],
  ["text given a number", with_({ orderNumber: 12 }), [{ path: "orderNumber", message: "expected text" }]],
  ["text given null", with_({ orderNumber: null }), [{ path: "orderNumber", message: "expected text" }]],
  ["a number given a numeric string", with_({ quantity: "2" }), [{ path: "quantity", message: "expected a number" }]],
  ["a boolean given a string", with_({ express: "yes" }), [{ path: "express", message: "expected true or false" }]],
  ["a defaulted parameter given null", with_({ quantity: null }), [{ path: "quantity", message: "expected a number" }]],
  [
    "an instant without a time zone",
    with_({ placedAt: "2026-11-24T10:00:00" }),
    [{ path: "placedAt", message: "expected an ISO 8601 instant with a time zone (2026-11-24T10:00:00Z)" }],
  ],
  [
    "an instant on a day that does not exist",
    with_({ placedAt: "2026-02-29T10:00:00Z" }),
    [{ path: "placedAt", message: "expected an ISO 8601 instant with a time zone (2026-11-24T10:00:00Z)" }],
  ],
  [
    "an instant at hour 24",
    with_({ placedAt: "2026-11-24T24:00:00Z" }),
    [{ path: "placedAt", message: "expected an ISO 8601 instant with a time zone (2026-11-24T10:00:00Z)" }],
  ],
  [
    "an instant given epoch millis",
    with_({ placedAt: 1764000000000 }),
    [{ path: "placedAt", message: "expected an ISO 8601 instant with a time zone (2026-11-24T10:00:00Z)" }],
  ],
  ["a union given neither type", with_({ code: true }), [{ path: "code", message: "expected text or a number" }]],
  ["an array given an object", with_({ lines: {} }), [{ path: "lines", message: "expected an array" }]],
  [
    "a nested required field missing",
    with_({ lines: [{ sku: "a" }, { qty: 2 }] }),
    [{ path: "lines.1.sku", message: "required" }],
  ],
  [
    "a nested field of the wrong type",
    with_({ lines: [{ sku: 5 }] }),
    [{ path: "lines.0.sku", message: "expected text" }],
  ],
  [
    "a nested object's undeclared field",
    with_({ address: { city: "Oslo", street: "x" } }),
    [{ path: "address.street", message: "not a declared parameter" }],
  ],
  ["an object given an array", with_({ address: [] }), [{ path: "address", message: "expected an object" }]],
  ["a free-form object given an array", with_({ extra: [1] }), [{ path: "extra", message: "expected an object" }]],
  [
    "array items of the wrong type",
    with_({ tags: ["a", 2, "c", false] }),
    [
      { path: "tags.1", message: "expected text" },
      { path: "tags.3", message: "expected text" },
    ],
  ],
  ["an undeclared top-level field", with_({ coupon: "X" }), [{ path: "coupon", message: "not a declared parameter" }]],
  [
    "__proto__ is an undeclared field, not a prototype",
    JSON.parse(
      '{"orderNumber":"A","placedAt":"2026-11-24T10:00:00Z","code":1,"lines":[],' +
        '"address":{"city":"x"},"__proto__":{"quantity":5}}',
    ),
    [{ path: "__proto__", message: "not a declared parameter" }],
  ],
  ["the input is not an object", [valid], [{ path: "(parameters)", message: "expected an object" }]],
  ["the input is null", null, [{ path: "(parameters)", message: "expected an object" }]],
  [
    "every bad field at once",
    { orderNumber: 1, quantity: "x", placedAt: "now", code: null, lines: [{}], address: {}, more: 1 },
    [
      { path: "orderNumber", message: "expected text" },
      { path: "quantity", message: "expected a number" },
      { path: "placedAt", message: "expected an ISO 8601 instant with a time zone (2026-11-24T10:00:00Z)" },
      { path: "code", message: "expected text or a number" },
      { path: "lines.0.sku", message: "required" },
      { path: "address.city", message: "required" },
      { path: "more", message: "not a declared parameter" },
    ],
  ],
];

describe("typed parameters (docs/APPS.md)", () => {
  it("has at least 30 rows", () => expect(table.length).toBeGreaterThanOrEqual(30));

  it.each(table)("%s", (_name, input, expected) => {
    const r = validateInput(schema, input);
    if (Array.isArray(expected)) expect(r).toEqual({ ok: false, issues: expected });
    else expect(r).toEqual({ ok: true, value: expected });
  });

  it("a default object is a fresh copy on every run", () => {
    const s = compileParameters({ opts: { type: "object", default: { a: [1] } } });
    const first = validateInput(s, {});
    if (!first.ok) throw new Error("expected ok");
    (first.value.opts as { a: number[] }).a.push(2);
    expect(validateInput(s, {})).toEqual({ ok: true, value: { opts: { a: [1] } } });
  });
});

describe("normaliseInstant", () => {
  it.each([
    ["2026-11-24T10:00:00Z", "2026-11-24T10:00:00.000Z"],
    ["2026-11-24t10:00:00z", "2026-11-24T10:00:00.000Z"],
    ["2024-02-29T23:30:00-01:00", "2024-03-01T00:30:00.000Z"],
    ["0099-01-01T00:00:00Z", "0099-01-01T00:00:00.000Z"],
    ["2026-11-24", undefined],
    ["2026-13-01T00:00:00Z", undefined],
    ["2026-11-24T10:00:00+24:00", undefined],
  ])("%s → %s", (text, utc) => expect(normaliseInstant(text)).toBe(utc));
});

describe("a declaration is checked once, at compile", () => {
  it.each<[string, unknown, { path: string; message: string }[]]>([
    [
      "a good one",
      { a: { type: "text", description: "the a" }, b: { type: ["number", "nothing"], default: null } },
      [],
    ],
    ["not an object", [], [{ path: "parameters", message: "must be an object of parameter declarations" }]],
    [
      "an unknown type",
      { a: { type: "string" } },
      [
        {
          path: "parameters.a.type",
          message: "must be one of text, number, boolean, instant, object, array, nothing, or a list of distinct ones",
        },
      ],
    ],
    [
      "an empty union",
      { a: { type: [] } },
      [
        {
          path: "parameters.a.type",
          message: "must be one of text, number, boolean, instant, object, array, nothing, or a list of distinct ones",
        },
      ],
    ],
    [
      "a repeated union member",
      { a: { type: ["text", "text"] } },
      [
        {
          path: "parameters.a.type",
          message: "must be one of text, number, boolean, instant, object, array, nothing, or a list of distinct ones",
        },
      ],
    ],
    [
      "a misspelt key",
      { a: { type: "text", defualt: "x" } },
      [
        {
          path: "parameters.a.defualt",
          message: "unknown key (expected type, default, properties, items or description)",
        },
      ],
    ],
    [
      "a default of the wrong type",
      { a: { type: "number", default: "1" } },
      [{ path: "parameters.a.default", message: "expected a number" }],
    ],
    [
      "a nested default of the wrong type",
      { a: { type: "object", properties: { b: { type: "instant", default: "soon" } } } },
      [
        {
          path: "parameters.a.properties.b.default",
          message: "expected an ISO 8601 instant with a time zone (2026-11-24T10:00:00Z)",
        },
      ],
    ],
    [
      "properties on a text",
      { a: { type: "text", properties: {} } },
      [{ path: "parameters.a.properties", message: "only an object parameter has properties" }],
    ],
    [
      "items on a number",
      { a: { type: "number", items: { type: "text" } } },
      [{ path: "parameters.a.items", message: "only an array parameter has items" }],
    ],
    [
      "a bad item declaration",
      { a: { type: "array", items: { type: "x" } } },
      [
        {
          path: "parameters.a.items.type",
          message: "must be one of text, number, boolean, instant, object, array, nothing, or a list of distinct ones",
        },
      ],
    ],
    [
      "a name that is not an identifier",
      { "a-b": { type: "text" } },
      [
        {
          path: "parameters.a-b",
          message: "a parameter name is a JavaScript identifier of at most 100 characters (not __proto__)",
        },
      ],
    ],
    [
      "a declaration that is not an object",
      { a: "text" },
      [{ path: "parameters.a", message: "must be an object with a type" }],
    ],
  ])("%s", (_name, declaration, issues) => expect(checkDeclaration(declaration)).toEqual(issues));

  it("nesting is bounded", () => {
    let spec: unknown = { type: "text" };
    for (let i = 0; i < 20; i++) spec = { type: "object", properties: { x: spec } };
    const issues = checkDeclaration({ deep: spec });
    expect(issues).toEqual([
      { path: `parameters.deep${".properties.x".repeat(16)}`, message: "declarations nest at most 16 levels deep" },
    ]);
  });
});
