import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { ownRecord, plainObject, toIssues } from "./body.ts";

const schema = v.pipe(
  plainObject,
  ownRecord(v.pipe(v.string(), v.regex(/^[a-z_]+$/, "must be a name")), v.array(v.string())),
);
const parsed = (json: string) => v.safeParse(schema, JSON.parse(json));

describe("ownRecord", () => {
  it("keeps the keys valibot's record drops, as own data properties, without touching any prototype", () => {
    const r = parsed('{"constructor": ["a"], "__proto__": ["b"], "prototype": ["c"], "plain": []}');
    expect(r.success).toBe(true);
    const out = r.output as Record<string, string[]>;
    expect(Object.keys(out)).toEqual(["constructor", "__proto__", "prototype", "plain"]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe('{"constructor":["a"],"__proto__":["b"],"prototype":["c"],"plain":[]}');
  });

  it("names every bad key and value in its issues", () => {
    const r = parsed('{"Bad": ["a"], "ok": [1], "__proto__": "x"}');
    expect(r.success).toBe(false);
    expect(toIssues(r.issues!)).toEqual([
      { path: "Bad", message: "must be a name" },
      { path: "ok.0", message: "Invalid type: Expected string but received 1" },
      { path: "__proto__", message: 'Invalid type: Expected Array but received "x"' },
    ]);
  });

  it("refuses what is not an object, and validates the same through Standard Schema", async () => {
    expect(v.safeParse(ownRecord(v.string(), v.number()), "x").success).toBe(false);
    const std = ownRecord(v.string(), v.number())["~standard"];
    expect(await std.validate(JSON.parse('{"constructor": 1}'))).toEqual({ value: JSON.parse('{"constructor": 1}') });
    expect("issues" in (await std.validate({ constructor: "x" }))).toBe(true);
  });
});
