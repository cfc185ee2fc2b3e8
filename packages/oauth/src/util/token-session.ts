import { isUuid } from "@platform/kernel";

/**
 * The session id a token names: its first 16 bytes are the session UUID (the random part
 * follows). undefined when the token cannot be one of ours.
 */
export const sessionIdOfToken = (token: string): string | undefined => {
  if (!/^[A-Za-z0-9_-]{22,256}$/.test(token)) return undefined;
  const b = Buffer.from(token, "base64url");
  if (b.length < 16) return undefined;
  const h = b.subarray(0, 16).toString("hex");
  const id = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return isUuid(id) ? id : undefined;
};
