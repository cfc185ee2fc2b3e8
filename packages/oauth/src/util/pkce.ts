import { createHash } from "node:crypto";
import { safeEqual } from "./crypto.ts";

/** RFC 7636 §4.1: 43–128 characters of [A-Z a-z 0-9 - . _ ~]. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** An S256 challenge is base64url(SHA-256) = 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const isValidVerifier = (verifier: string): boolean => VERIFIER.test(verifier);
export const isValidChallenge = (challenge: string): boolean => CHALLENGE.test(challenge);

/** base64url(SHA-256(ascii(verifier))) — the only method we accept (S256; never `plain`). */
export const s256 = (verifier: string): string => createHash("sha256").update(verifier, "ascii").digest("base64url");

/** Whether `verifier` is well formed and hashes to `challenge`. */
export const verifyPkce = (verifier: string, challenge: string): boolean =>
  isValidVerifier(verifier) && safeEqual(s256(verifier), challenge);
