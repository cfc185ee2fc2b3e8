import { describe, expect, it } from "vitest";
import { isValidChallenge, isValidVerifier, s256, verifyPkce } from "./pkce.ts";

describe("PKCE S256", () => {
  it("matches the RFC 7636 appendix B example", () => {
    const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    expect(s256(verifier)).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    expect(verifyPkce(verifier, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")).toBe(true);
  });

  it("rejects a wrong or malformed verifier", () => {
    const challenge = s256("a".repeat(43));
    expect(verifyPkce("b".repeat(43), challenge)).toBe(false);
    expect(verifyPkce("short", s256("short"))).toBe(false);
    expect(isValidVerifier("x".repeat(129))).toBe(false);
    expect(isValidVerifier("has space".padEnd(50, "x"))).toBe(false);
  });

  it("accepts only 43-character base64url challenges", () => {
    expect(isValidChallenge(s256("a".repeat(43)))).toBe(true);
    expect(isValidChallenge("plain-challenge")).toBe(false);
  });
});
