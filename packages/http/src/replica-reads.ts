import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { lsnValue, withReadScope } from "@platform/db";
import type { Database } from "@platform/db";
import { DomainError } from "@platform/kernel";

/** How long this process remembers a caller's last write, and for how many callers at most. */
const REMEMBER_MS = 60_000;
const MAX_CALLERS = 100_000;

const SAFE = new Set(["GET", "HEAD"]);

/**
 * With hot standbys (DATABASE_READ_URLS): a GET or HEAD of /resources/, or a query its route declares read-only,
 * may read on a standby (once its caller is authenticated, see ReadScope), but only on one that has replayed the
 * caller's last write. Every other request that succeeds answers the primary's WAL position after it,
 * `x-write-position`; a later read sends it back as `x-read-after` (through any gateway), and this gateway remembers
 * it for the same bearer token anyway.
 */
export const replicaReads = (replicas: NonNullable<Database["replicas"]>): MiddlewareHandler => {
  const recent = new Map<string, { position: bigint; at: number }>();
  const callerOf = (authorization: string | undefined) =>
    authorization ? createHash("sha256").update(authorization).digest("base64url") : undefined;
  const remember = (caller: string, position: bigint) => {
    recent.delete(caller); // re-inserted last: the map stays oldest first
    recent.set(caller, { position, at: Date.now() });
    for (const [k, v] of recent) {
      if (recent.size <= MAX_CALLERS && v.at > Date.now() - REMEMBER_MS) break;
      recent.delete(k);
    }
  };
  return async (c, next) => {
    const caller = callerOf(c.req.header("Authorization"));
    const safe = SAFE.has(c.req.method);
    let wrote = !safe;
    if (c.req.path.startsWith("/resources/")) {
      const asked = c.req.header("x-read-after");
      const after = asked === undefined ? undefined : lsnValue(asked);
      if (asked !== undefined && after === undefined)
        throw new DomainError("VALIDATION_FAILED", "Invalid x-read-after header", [
          { path: "x-read-after", message: "must be an x-write-position answer (a WAL position such as 0/16B3748)" },
        ]);
      const mine = caller ? recent.get(caller) : undefined;
      const fresh = mine && mine.at > Date.now() - REMEMBER_MS ? mine.position : undefined;
      const floor = [after, fresh].reduce<bigint | undefined>(
        (a, b) => (b !== undefined && (a ?? -1n) < b ? b : a),
        undefined,
      );
      // A GET, or a query its route declares read-only (the graph's POST), reads on standbys and writes nothing.
      wrote = (await withReadScope(floor, safe, () => next())).wrote;
    } else await next();
    if (!wrote || c.res.status >= 400) return;
    const position = await replicas.writePosition();
    c.res.headers.set("x-write-position", position);
    if (caller) remember(caller, lsnValue(position)!);
  };
};
