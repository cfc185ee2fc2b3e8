import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import {
  define,
  indexes,
  path,
  put,
  query,
  ready,
  settled,
  t,
  useCustomFieldsPlatform,
} from "./test-support/custom-fields-fixture.ts";
import type { Err, Field } from "./test-support/custom-fields-fixture.ts";

useCustomFieldsPlatform();

describe("the registry", () => {
  it("registers a field (201), builds its index, answers it, lists it, and redefines it (200)", async () => {
    const r = await put("region", "text", "dynamic.region");
    expect(r.status).toBe(201);
    expect(r.headers.get("ETag")).toBe('"v1"');
    const created = (await r.json()) as Field;
    expect(created).toMatchObject({
      node: "sending",
      name: "region",
      spec: { value: { type: "text", source: "dynamic.region" } },
      status: { index: "building", error: null },
      version: 1,
      etag: "v1",
    });
    expect(created.status.indexName).toMatch(/^gcf_sending_region_[0-9a-f]{10}$/);
    const built = await ready("region");
    expect(built.status).toEqual({ index: "ready", indexName: created.status.indexName, error: null });
    expect(await indexes()).toEqual([created.status.indexName]);
    const list = await t.request("GET", "/resources/registry/graph/sending/fields", { token: "reader" });
    expect(await list.json()).toMatchObject({ fields: [{ name: "region" }], totalCount: 1 });
    // The same definition again changes nothing; a new type is a new index, the old one dropped.
    expect((await put("region", "text", "dynamic.region")).status).toBe(200);
    expect((await ready("region")).version).toBe(built.version);
    const changed = (await (await put("region", "number", "dynamic.region")).json()) as Field;
    expect(changed.status.indexName).not.toBe(created.status.indexName);
    await ready("region");
    expect(await settled(1)).toEqual([changed.status.indexName]);
    expect((await put("region", "text", "dynamic.region")).status).toBe(200);
    await ready("region");
  });

  it("deletes a field (204): its index is dropped and queries no longer know it", async () => {
    await define("gone", "text", "dynamic.region");
    expect((await settled(2)).length).toBe(2);
    expect((await t.request("DELETE", path("gone"), { token: "registrar" })).status).toBe(204);
    expect((await t.request("GET", path("gone"), { token: "admin" })).status).toBe(404);
    expect((await t.request("DELETE", path("gone"), { token: "admin" })).status).toBe(404);
    const r = await query({ filter: 'gone == "x"' });
    expect(r.status).toBe(400);
    expect(((await r.json()) as Err).error.details).toEqual([
      { path: "0.filter", message: "unknown field 'gone' at 0" },
    ]);
    expect((await settled(1)).length).toBe(1);
  });

  it(
    "drops an index of its own that no field wants (a crash's leftover) on its next pass, and " +
      "leaves others' alone",
    async () => {
      await sql`CREATE INDEX gcf_sending_stray_0123456789 ON sendings_sendings ((dynamic ->> 'stray'))`.execute(
        t.platform.db.kysely,
      );
      await sql`CREATE INDEX other_sendings_stray ON sendings_sendings ((dynamic ->> 'stray'))`.execute(
        t.platform.db.kysely,
      );
      await define("later", "text", "dynamic.later");
      const names = await settled(2);
      expect(names).not.toContain("gcf_sending_stray_0123456789");
      expect(names).toContain((await ready("later")).status.indexName);
      const other = await sql`SELECT 1 FROM pg_indexes
        WHERE schemaname = current_schema() AND indexname = 'other_sendings_stray'`.execute(t.platform.db.kysely);
      expect(other.rows.length).toBe(1);
      await sql`DROP INDEX other_sendings_stray`.execute(t.platform.db.kysely);
      expect((await t.request("DELETE", path("later"), { token: "admin" })).status).toBe(204);
    },
  );

  it("builds again an index a crash left invalid (a CONCURRENTLY build cut short), on its next pass", async () => {
    const { indexName } = (await ready("region")).status;
    // What an interrupted CREATE INDEX CONCURRENTLY leaves behind: the index, marked invalid.
    await sql`UPDATE pg_index SET indisvalid = false WHERE indexrelid = ${indexName}::regclass`.execute(
      t.platform.db.kysely,
    );
    await define("another", "text", "dynamic.another");
    let valid: unknown[] = [];
    for (let i = 0; i < 100 && valid.length === 0; i++) {
      valid = (
        await sql`SELECT 1 FROM pg_index WHERE indexrelid = ${indexName}::regclass AND indisvalid`.execute(
          t.platform.db.kysely,
        )
      ).rows;
      if (valid.length === 0) await new Promise((res) => setTimeout(res, 50));
    }
    expect(valid.length).toBe(1);
    expect((await t.request("DELETE", path("another"), { token: "admin" })).status).toBe(204);
    expect(await settled(1)).toEqual([indexName]);
  });

  it("refuses names that shadow a built-in field, bad names, bad sources and nodes without custom data", async () => {
    const refused = async (r: Response) => ({ status: r.status, details: ((await r.json()) as Err).error.details });
    expect(await refused(await put("status", "text", "dynamic.status"))).toEqual({
      status: 400,
      details: [{ path: "name", message: "'status' is a built-in field of sendings" }],
    });
    expect(await refused(await put("dynamic", "text", "dynamic.x"))).toMatchObject({
      status: 400,
      details: [{ path: "name" }],
    });
    expect(await refused(await put("_x", "text", "dynamic.x"))).toMatchObject({
      status: 400,
      details: [{ path: "name" }],
    });
    expect(await refused(await put("x", "text", "parameters.x"))).toEqual({
      status: 400,
      details: [{ path: "spec.value.source", message: "must be dynamic.<path>" }],
    });
    expect(await refused(await put("x", "text", "dynamic"))).toEqual({
      status: 400,
      details: [{ path: "spec.value.source", message: "must be dynamic.<path>" }],
    });
    expect(await refused(await put("x", "text", "dynamic.a'b"))).toEqual({
      status: 400,
      details: [
        { path: "spec.value.source", message: "each step must be 1 to 64 letters, digits, _ or - (not 'a'b')" },
      ],
    });
    expect(await refused(await put("x", "text", "dynamic.a..b"))).toMatchObject({
      status: 400,
      details: [{ path: "spec.value.source" }],
    });
    expect(await refused(await put("x", "date", "dynamic.x"))).toMatchObject({
      status: 400,
      details: [{ path: "spec.value.type" }],
    });
    expect((await put("x", "text", "dynamic.x", "admin", "nothing")).status).toBe(404);
    expect((await t.request("GET", path("x"), { token: "admin" })).status).toBe(404);
  });

  it(
    "needs registry/graph/<node>:write to register, :delete to delete, :read or " + "graph/<node>:query to read",
    async () => {
      expect((await put("y", "text", "dynamic.y", "reader")).status).toBe(403);
      expect((await put("y", "text", "dynamic.y", "query")).status).toBe(403);
      expect((await put("y", "text", "dynamic.y", "registrar", "order")).status).toBe(403);
      expect((await t.request("DELETE", path("region"), { token: "reader" })).status).toBe(403);
      expect((await t.request("GET", path("region"), { token: "none" })).status).toBe(403);
      expect((await t.request("GET", "/resources/registry/graph/sending/fields", { token: "none" })).status).toBe(403);
      expect((await t.request("GET", path("region"), { token: "query" })).status).toBe(200);
      expect((await t.request("GET", path("region"), { token: "registrar" })).status).toBe(403);
      expect((await t.request("GET", path("region"))).status).toBe(401);
    },
  );
});
