import { describe, expect, it } from "vitest";
import { lsnText, lsnValue, readOnlyRequest, readsMayUseReplicas, replicaReadOf, withReadScope } from "./read-scope.ts";

describe("a request's reads on standbys", () => {
  it("go there only in a read scope, once the caller is known, as plain SELECTs until the request writes", async () => {
    expect(replicaReadOf("SELECT 1")).toBeUndefined();
    const { result: seen, wrote } = await withReadScope(7n, true, async () => {
      const before = replicaReadOf("SELECT 1");
      readsMayUseReplicas();
      return [
        before,
        replicaReadOf("SELECT * FROM orders_orders WHERE updated_at > $1"),
        replicaReadOf("SELECT es_append($1, $2, $3, $4, $5)"),
        replicaReadOf("SELECT 1"),
      ];
    });
    expect(seen).toEqual([undefined, { after: 7n }, undefined, undefined]);
    expect(wrote).toBe(true);
    // A POST reads on the primary unless its route declares it a query; then it wrote nothing.
    const post = await withReadScope(undefined, false, async () => {
      readsMayUseReplicas();
      const before = replicaReadOf("SELECT 1");
      readOnlyRequest();
      return [before, replicaReadOf("SELECT 1")];
    });
    expect(post).toEqual({ result: [undefined, { after: 0n }], wrote: false });
    for (const text of [
      "WITH x AS (UPDATE t SET a = 1 RETURNING *) SELECT * FROM x",
      "SELECT * FROM jobs_queue FOR UPDATE SKIP LOCKED",
      "SELECT pg_notify('c', '')",
      "SELECT pg_try_advisory_xact_lock(1)",
      "SELECT nextval('s')",
      "begin",
    ])
      expect(
        await withReadScope(undefined, true, async () => {
          readsMayUseReplicas();
          return [replicaReadOf(text), replicaReadOf("SELECT 1")];
        }),
        text,
      ).toEqual({ result: [undefined, undefined], wrote: true });
  });

  it("read WAL positions as pg_lsn writes them, and nothing else", () => {
    expect(lsnValue("0/16B3748")).toBe(0x16b3748n);
    expect(lsnValue("1A/0")).toBe(0x1an << 32n);
    expect(lsnText(lsnValue("2F/AB12")!)).toBe("2F/AB12");
    for (const bad of ["", "16B3748", "0/", "0/1/2", "G/1", "123456789/0", undefined, null])
      expect(lsnValue(bad)).toBe(undefined);
  });
});
