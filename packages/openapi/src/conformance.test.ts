import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { Operation } from "@platform/host";
import { responseMismatch, undocumentedFields } from "./conformance.ts";

const Item = v.object({
  id: v.string(),
  roles: v.array(v.object({ key: v.string() })),
  note: v.nullable(v.string()),
  extra: v.optional(v.object({ a: v.number() })),
});
const op = (fields: Partial<Operation>): Operation => ({
  operationId: "x",
  method: "get",
  path: "/x",
  summary: "x",
  permission: "public",
  success: 200,
  tags: ["t"],
  ...fields,
});

describe("undocumentedFields", () => {
  it("names each field the schema does not, at any depth (objects, arrays, optional and nullable)", () => {
    const value = {
      id: "1",
      roles: [{ key: "a" }, { key: "b", secretHash: "x" }],
      note: null,
      extra: { a: 1, b: 2 },
      leak: true,
    };
    expect(undocumentedFields(Item, value)).toEqual(["roles[1].secretHash", "extra.b", "leak"]);
  });

  it("follows the union option the value matches, and the values of a record", () => {
    const schema = v.union([
      v.object({ kind: v.literal("a"), a: v.string() }),
      v.object({ kind: v.literal("b"), b: v.string() }),
    ]);
    expect(undocumentedFields(schema, { kind: "b", b: "x", c: 1 })).toEqual(["c"]);
    expect(undocumentedFields(v.record(v.string(), v.object({ n: v.number() })), { k: { n: 1, m: 2 } })).toEqual([
      "k.m",
    ]);
  });

  it("finds nothing in free-form values (unknown, records of unknown)", () => {
    expect(undocumentedFields(v.record(v.string(), v.unknown()), { a: { b: 1 } })).toEqual([]);
    expect(undocumentedFields(v.unknown(), { a: 1 })).toEqual([]);
  });
});

describe("responseMismatch", () => {
  it("accepts a body its response schema describes", () => {
    expect(responseMismatch(op({ response: Item }), { id: "1", roles: [], note: "n" })).toBeUndefined();
  });

  it("says which field is wrong or missing, and which are undocumented", () => {
    expect(responseMismatch(op({ response: Item }), { id: 1, roles: [], note: null })).toMatch(
      /^id: Invalid type: Expected string but received 1/,
    );
    expect(responseMismatch(op({ response: Item }), { id: "1", roles: [] })).toMatch(/^note: /);
    expect(responseMismatch(op({ response: Item }), { id: "1", roles: [], note: null, token: "t" })).toBe(
      "undocumented fields: token",
    );
  });

  it("checks a list's envelope (totalCount, firstCursor, lastCursor) and each of its items", () => {
    const list = op({ list: "things", item: Item });
    expect(
      responseMismatch(list, {
        totalCount: 1,
        firstCursor: "a",
        lastCursor: "a",
        things: [{ id: "1", roles: [], note: null }],
      }),
    ).toBeUndefined();
    expect(
      responseMismatch(list, {
        totalCount: 1,
        firstCursor: null,
        lastCursor: null,
        things: [{ id: "1", roles: [], note: null, x: 1 }],
      }),
    ).toBe("undocumented fields: things[0].x");
    expect(responseMismatch(list, { totalCount: "1", firstCursor: null, lastCursor: null, things: [] })).toMatch(
      /^totalCount: /,
    );
    expect(responseMismatch(list, { firstCursor: null, lastCursor: null, things: [], nextPage: 2 })).toMatch(
      /^totalCount: /,
    );
  });

  it("has nothing to check without a schema", () => {
    expect(responseMismatch(op({}), { anything: true })).toBeUndefined();
  });
});
