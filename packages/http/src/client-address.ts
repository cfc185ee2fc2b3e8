import { isIP } from "node:net";
import type { Context } from "hono";

/** The peer of the TCP connection, or "unknown" when not served by @hono/node-server (in-process tests). */
const socketAddress = async (c: Context): Promise<string> => {
  try {
    const { getConnInfo } = await import("@hono/node-server/conninfo");
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
};

/**
 * The client's address, for throttling. With `trustedProxies` = 0 (TRUST_PROXY unset) it is the
 * socket's peer and `X-Forwarded-For` is ignored: anyone can write that header. Behind N
 * reverse proxies of your own (TRUST_PROXY=N), each appending the address it saw, the client
 * is the N-th address from the right of `X-Forwarded-For` (the one your outermost proxy saw;
 * what the client wrote further left is not believed). A header with fewer entries, or
 * one that is not an IP address there, falls back to the socket's peer.
 */
export const clientAddress = async (c: Context, trustedProxies: number): Promise<string> => {
  if (trustedProxies > 0) {
    const hops = (c.req.header("X-Forwarded-For") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const candidate = hops[hops.length - trustedProxies];
    if (candidate && isIP(candidate)) return candidate;
  }
  return socketAddress(c);
};
