import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, parsePage } from "./pagination.ts";

describe("list paging", () => {
  it("defaults to 50 and accepts 1..100", () => {
    expect(parsePage({}).limit).toBe(50);
    expect(parsePage({ limit: "100" }).limit).toBe(100);
    expect(parsePage({ limit: "1" }).limit).toBe(1);
  });

  it.each(["0", "101", "-1", "abc", "1.5"])("refuses limit=%s with VALIDATION_FAILED", (limit) => {
    expect(() => parsePage({ limit })).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
  });

  it("round-trips opaque cursors and refuses foreign ones", () => {
    const c = encodeCursor(["Alice", "0190-id"]);
    expect(parsePage({ after: c }).after).toEqual(["Alice", "0190-id"]);
    expect(decodeCursor(encodeCursor([null, "x"]))).toEqual(["", "x"]);
    expect(() => parsePage({ after: "not-a-cursor" })).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
    expect(() => parsePage({ after: c, before: c })).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
  });
});
