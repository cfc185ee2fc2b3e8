import { describe, expect, it } from "vitest";
import { encodePosition } from "@platform/event-store";
import { positionBefore } from "./positions.ts";

describe("positionBefore", () => {
  it("is the greatest position before the one given, so a read after it starts there", () => {
    const p = encodePosition(7n, 42n);
    expect(positionBefore(p)).toBe(encodePosition(7n, 41n));
    expect(positionBefore(p)! < p).toBe(true);
    expect(positionBefore(encodePosition(7n, 0n))).toBe(`${encodePosition(6n, 0n).slice(0, 20)}:99999999999999999999`);
    expect(positionBefore(encodePosition(0n, 0n))).toBeNull();
  });
});
