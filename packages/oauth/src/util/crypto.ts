import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A URL-safe random string of `bytes` random bytes (base64url, no padding). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");

/** base64url(SHA-256(text)): what we store instead of a one-time secret (codes). */
export const sha256 = (text: string): string => createHash("sha256").update(text).digest("base64url");

/** base64url(HMAC-SHA-256(key, text)). */
export const hmac = (key: string, text: string): string => createHmac("sha256", key).update(text).digest("base64url");

/** Constant-time string comparison (lengths may differ). */
export const safeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
