/** The eight 16-bit groups of an IPv6 address that `isIP` accepts (any zone dropped). */
const ipv6Groups = (ip: string): number[] => {
  const [head = "", tail] = ip.replace(/%.*$/, "").toLowerCase().split("::");
  const part = (text: string): number[] =>
    text === ""
      ? []
      : text.split(":").flatMap((g) => {
          if (!g.includes(".")) return [parseInt(g, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = g.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = part(head);
  if (tail === undefined) return left;
  const right = part(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
};

const zero = (groups: readonly number[]) => groups.every((g) => g === 0);
const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 address stands for, if it is one of the forms that a translator or
 * relay turns into a packet to that IPv4 address: IPv4-mapped `::ffff:0:0/96`, IPv4-translated
 * `::ffff:0:0:0/96`, NAT64 `64:ff9b::/96` (all in the last 32 bits) and 6to4 `2002::/16`
 * (bits 16-47). Such an address is as internal as the IPv4 address it reaches. The input must
 * be an IPv6 address (`isIP(ip) === 6`); every spelling of it is read the same way.
 */
export const embeddedIpv4 = (ip: string): string | undefined => {
  const g = ipv6Groups(ip);
  if (g.length !== 8) return undefined;
  const last32 = dotted(g[6]!, g[7]!);
  if (zero(g.slice(0, 5)) && g[5] === 0xffff) return last32;
  if (zero(g.slice(0, 4)) && g[4] === 0xffff && g[5] === 0) return last32;
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(g.slice(2, 6))) return last32;
  if (g[0] === 0x2002) return dotted(g[1]!, g[2]!);
  return undefined;
};
