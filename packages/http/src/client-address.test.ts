import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.ts";

const addressSeen = async (trustProxy: number, forwardedFor?: string) => {
  const app = new Hono().get("/", async (c) => c.text(await clientAddress(c, trustProxy)));
  const res = await app.request("/", {
    headers: forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor },
  });
  return res.text();
};

describe("the client address behind reverse proxies (TRUST_PROXY)", () => {
  it.each([
    // Not trusting any proxy: the header is anyone's to write, so it is ignored (no socket in-process: "unknown").
    [0, "198.51.100.7", "unknown"],
    [0, undefined, "unknown"],
    // One proxy of ours: the last entry is the address it saw; what the client wrote before it is not believed.
    [1, "198.51.100.7", "198.51.100.7"],
    [1, "10.0.0.1, 198.51.100.7", "198.51.100.7"],
    [1, "10.0.0.1,198.51.100.7 ", "198.51.100.7"],
    // Two proxies: the second entry from the right.
    [2, "203.0.113.9, 198.51.100.7, 10.0.0.2", "198.51.100.7"],
    [2, "2001:db8::1, 10.0.0.2", "2001:db8::1"],
    // Fewer entries than proxies, or not an address there: the socket's peer.
    [2, "198.51.100.7", "unknown"],
    [1, "not-an-ip", "unknown"],
    [1, "", "unknown"],
  ])("TRUST_PROXY=%i with X-Forwarded-For %j is %s", async (hops, header, expected) => {
    expect(await addressSeen(hops, header)).toBe(expected);
  });
});
