import { describe, expect, it } from "vitest";
import { sameJson } from "./same-json.ts";

describe("sameJson", () => {
  it("ignores the order of object keys, at any depth", () => {
    expect(sameJson({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(true);
  });
  it("keeps the order of arrays, and tells values apart", () => {
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
