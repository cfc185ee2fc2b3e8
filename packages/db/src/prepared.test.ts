import { describe, expect, it } from "vitest";
import { preparedName } from "./prepared.ts";

describe("preparedName", () => {
  it("names a single statement stably, and the same text the same way", () => {
    const a = preparedName("SELECT 1 FROM t WHERE id = $1");
    expect(a).toMatch(/^p_[0-9a-f]{20}$/);
    expect(preparedName("SELECT 1 FROM t WHERE id = $1")).toBe(a);
    expect(preparedName("SELECT 2 FROM t WHERE id = $1")).not.toBe(a);
    expect(preparedName("SELECT 3;")).toMatch(/^p_/);
  });

  it("runs several statements in one text unnamed (the extended protocol refuses them)", () => {
    expect(preparedName("CREATE TABLE a (x int); CREATE TABLE b (y int)")).toBeUndefined();
  });

  it("runs pattern searches unnamed, planned for their value each time", () => {
    expect(preparedName("SELECT id FROM t WHERE name ILIKE $1")).toBeUndefined();
    expect(preparedName("SELECT id FROM t WHERE name ~* $1")).toBeUndefined();
  });

  it("stops naming new texts past its bound, and keeps the names it gave", () => {
    const first = preparedName("SELECT 'kept' WHERE $1::int > 0");
    for (let i = 0; i < 600; i++) preparedName(`SELECT ${i} WHERE $1::int > 0`);
    expect(preparedName("SELECT 'one too many' WHERE $1::int > 0")).toBeUndefined();
    expect(preparedName("SELECT 'kept' WHERE $1::int > 0")).toBe(first);
  });
});
