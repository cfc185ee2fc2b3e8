import { decodePosition, encodePosition } from "@platform/event-store";

const LAST_MINOR = "99999999999999999999";

/**
 * The checkpoint that makes delivery start at `position` itself: the greatest position before
 * it (checkpoints are exclusive, as the log's reads are). Null: from the log's beginning.
 */
export const positionBefore = (position: string): string | null => {
  const [major, minor] = decodePosition(position).map(BigInt) as [bigint, bigint];
  if (minor > 0n) return encodePosition(major, minor - 1n);
  return major > 0n ? encodePosition(major - 1n, LAST_MINOR) : null;
};
