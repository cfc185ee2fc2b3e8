import { describe, expect, it } from "vitest";
import { createPasswordHasher, OWASP_ARGON2ID } from "./hashing.ts";

describe("password hashing", () => {
  it("defaults to argon2id with OWASP's parameters (m=19456 KiB, t=2, p=1)", async () => {
    expect(OWASP_ARGON2ID).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const hasher = createPasswordHasher();
    const hash = await hasher.hash("Vivid-Otter-42");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain("Vivid-Otter-42");
    expect(await hasher.verify(hash, "Vivid-Otter-42")).toBe(true);
    expect(await hasher.verify(hash, "vivid-otter-42")).toBe(false);
    expect(await hasher.verify("not a hash", "Vivid-Otter-42")).toBe(false);
  });

  it("salts every hash and spends a real verification on unknown users (always false)", async () => {
    const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const [a, b] = await Promise.all([hasher.hash("Same-Pass-123"), hasher.hash("Same-Pass-123")]);
    expect(a).not.toBe(b);
    expect(await hasher.verifyDummy("dummy-password-for-equal-work")).toBe(false);
    expect(await hasher.verifyDummy("Anything-123")).toBe(false);
  });
});
