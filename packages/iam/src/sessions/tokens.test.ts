import { describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import { hashEquals, mintToken, parseToken, sha256Hex } from "./tokens.ts";

describe("opaque tokens", () => {
  it("round-trips the session id and hashes only the random part", () => {
    const id = newId();
    const { token, hash } = mintToken(id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(parseToken(token)).toEqual({ sessionId: id, hash });
    expect(hash).toBe(sha256Hex(Buffer.from(token, "base64url").subarray(16)));
    expect(mintToken(id).token).not.toBe(token);
  });

  it.each(["", "short", "x".repeat(64), "!".repeat(64), Buffer.alloc(40).toString("base64url"), `${"A".repeat(64)}.x`])(
    "rejects %s",
    (bad) => {
      expect(parseToken(bad)).toBeUndefined();
    },
  );

  it("compares hashes in constant time and never equal to a missing one", () => {
    const h = sha256Hex("a");
    expect(hashEquals(h, h)).toBe(true);
    expect(hashEquals(sha256Hex("b"), h)).toBe(false);
    expect(hashEquals(null, h)).toBe(false);
    expect(hashEquals("abc", h)).toBe(false);
  });
});
