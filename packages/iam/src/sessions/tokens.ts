import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { isUuid } from "@platform/kernel";

const RANDOM_BYTES = 32;

/** SHA-256 (hex) of high-entropy secret bytes; a slow hash adds nothing for 256 random bits. */
export const sha256Hex = (data: Buffer | string): string => createHash("sha256").update(data).digest("hex");

const uuidToBytes = (uuid: string): Buffer => Buffer.from(uuid.replace(/-/g, ""), "hex");

const bytesToUuid = (b: Buffer): string => {
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** A new opaque token for a session: base64url(16-byte session UUID ‖ 32 random bytes), and the hash to store. */
export const mintToken = (sessionId: string): { token: string; hash: string } => {
  const random = randomBytes(RANDOM_BYTES);
  return { token: Buffer.concat([uuidToBytes(sessionId), random]).toString("base64url"), hash: sha256Hex(random) };
};

/** The session id and the hash of the random part of a token; undefined when it is not one of ours. */
export const parseToken = (token: string): { sessionId: string; hash: string } | undefined => {
  if (!/^[A-Za-z0-9_-]{64,128}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length < 16 + RANDOM_BYTES) return undefined;
  const sessionId = bytesToUuid(bytes.subarray(0, 16));
  if (!isUuid(sessionId)) return undefined;
  return { sessionId, hash: sha256Hex(bytes.subarray(16)) };
};

/** Constant-time comparison of two hex hashes. */
export const hashEquals = (a: string | null | undefined, b: string): boolean => {
  if (!a || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, "hex"), Buffer.from(b, "hex"));
};
