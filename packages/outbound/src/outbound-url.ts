import { BlockList, isIP } from "node:net";
import { embeddedIpv4 } from "./embedded-ipv4.ts";

/**
 * Addresses a request the service makes on its own must never reach unless
 * OUTBOUND_ALLOW_PRIVATE is set: this host, private networks, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast, and the ranges reserved for documentation
 * and benchmarks (IANA special-purpose registries).
 */
const internal = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const)
  internal.addSubnet(net, prefix, "ipv4");
// 64:ff9b:1::/48 is local-use NAT64 (RFC 8215): what it translates to is the operator's choice, so all of it is
// internal.
for (const [net, prefix] of [
  ["::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  internal.addSubnet(net, prefix, "ipv6");

/** Whether an IP address (v4 or v6, without brackets) is in the ranges above, or stands for an IPv4 address that is. */
export const isInternalAddress = (ip: string): boolean => {
  const family = isIP(ip);
  if (family === 4) return internal.check(ip, "ipv4");
  if (family !== 6) return true; // not an address at all: never treat it as public
  const v4 = embeddedIpv4(ip);
  return v4 !== undefined ? internal.check(v4, "ipv4") : internal.check(ip, "ipv6");
};

/** Host names that name this machine or a private network by convention. */
const internalName = (host: string) =>
  host === "localhost" || /\.(localhost|local|internal|localdomain|home\.arpa)$/.test(host) || !host.includes(".");

/**
 * Why `text` may not be the target of an outbound request, or undefined: an
 * absolute https URL without credentials or fragment, to a host that is not an internal
 * address or name. With `allowPrivate`, http and every host are allowed. Names are resolved
 * and checked again on each request (`outboundRequest`): a name can change its address.
 */
// Where the refusal is the setting's doing, it names the setting: in local development a receiver
// on this machine (http://127.0.0.1:…) is the common case, and the refusal alone does not say why.
export const OUTBOUND_LOCAL_HINT =
  " (for local development, OUTBOUND_ALLOW_PRIVATE=true allows http and private addresses)";

export const outboundUrlProblem = (text: string, allowPrivate: boolean): string | undefined => {
  if (text.length > 2000) return "must be at most 2000 characters";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "must be an absolute URL";
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:"))
    return allowPrivate ? "must be an http or https URL" : `must be an https URL${OUTBOUND_LOCAL_HINT}`;
  if (url.username || url.password) return "must not contain credentials";
  if (url.hash || text.includes("#")) return "must not contain a fragment";
  if (allowPrivate) return undefined;
  const host = url.hostname
    .replace(/^\[|\]$/g, "")
    .toLowerCase()
    .replace(/\.$/, "");
  if (isIP(host) ? isInternalAddress(host) : internalName(host))
    return `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`;
  return undefined;
};
