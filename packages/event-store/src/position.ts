/** Fixed-width, zero-padded positions compare correctly as strings, in SQL and in JS alike. */
const pad = (n: bigint | number | string) => String(n).padStart(20, "0");

export const encodePosition = (major: bigint | number | string, minor: bigint | number | string): string =>
  `${pad(major)}:${pad(minor)}`;

export const decodePosition = (position: string): [string, string] => {
  const [major, minor] = position.split(":");
  if (!major || !minor || !/^\d{20}$/.test(major) || !/^\d{20}$/.test(minor))
    throw new Error(`Bad position: ${position}`);
  return [String(BigInt(major)), String(BigInt(minor))];
};

/** The later of two positions (null = before everything). */
export const maxPosition = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a > b ? a : b;
