import { afterAll, beforeAll, expect } from "vitest";
import { sql } from "kysely";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { sendingsContext } from "@platform/sendings";
import { graphContext } from "../../index.ts";

// Module bindings are live: a test file that imports `t` reads, inside its tests, what useCustomFieldsPlatform set.

// Six sendings whose `dynamic` holds a value of every type, some of the wrong type or absent.
export const dynamics: Record<string, unknown>[] = [
  { region: "north", score: 10, vip: true, due: "2026-05-01T10:00:00Z", address: { zip: "111" }, channelKey: "web" },
  { region: "South", score: 2.5, vip: false, due: "2026-05-01", address: { zip: "222" } },
  { region: "north", score: "7", vip: "yes", due: "2026-02-30", address: { zip: 333 }, channelKey: "shop" },
  { region: "east", score: -1, vip: true, due: "2026-04-30T23:00:00-02:00", channelKey: "web" },
  { score: 100, due: "not a date", address: ["x"] },
  { region: null, vip: false, due: "2026-05-01T09:00:00.5+00:00", channelKey: "web" },
];

export let t: TestPlatform;

/** Sendings and the graph for the calling test file (exact counts up to 3), with the six sendings of `dynamics`. */
export const useCustomFieldsPlatform = () => {
  beforeAll(async () => {
    t = await createTestPlatform(
      [
        staticAuthContext({
          admin: { scope: ["graph:*", "sendings:*", "registry:*"] },
          registrar: { scope: ["registry/graph/sending:write", "registry/graph/sending:delete"] },
          reader: { scope: ["registry/graph/sending:read"] },
          query: { scope: ["graph/sending:query"] },
          fields: { scope: ["graph/sending:query", "graph/sending:field"] },
          web: { scope: ["graph:*"], attributes: { channelKey: ["web"] } },
          none: { scope: ["sendings:*"] },
        }),
        sendingsContext,
        graphContext,
      ],
      { GRAPH_EXACT_COUNT_MAX: "3" },
    );
    for (const [i, dynamic] of dynamics.entries()) {
      const r = await t.request("POST", "/resources/sendings/email", {
        token: "admin",
        body: { to: `r${i}@example.test`, subject: `S${i}`, body: { plainText: "x" }, category: "c", dynamic },
      });
      expect(r.status).toBe(202);
    }
  });
  afterAll(() => t?.close());
};

export type Field = {
  node: string;
  name: string;
  spec: { value: { type: string; source: string } };
  status: { index: string; indexName: string; error: string | null };
  version: number;
  etag: string;
};
export type Answer = {
  nodes: Record<string, unknown>[];
  count?: number;
  countEstimated?: boolean;
  lastCursor: string | null;
};
export type Err = { error: { code: string; message: string; details?: { path: string; message: string }[] } };

export const path = (name: string, node = "sending") => `/resources/registry/graph/${node}/fields/${name}`;
export const put = (name: string, type: string, source: string, token = "admin", node = "sending") =>
  t.request("PUT", path(name, node), { token, body: { spec: { value: { type, source } } } });
/** The field once its index is built (the indexer works after the answer). */
export const ready = async (name: string): Promise<Field> => {
  for (let i = 0; i < 200; i++) {
    const r = await t.request("GET", path(name), { token: "admin" });
    const f = (await r.json()) as Field;
    if (f.status.index !== "building") return f;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`index of ${name} never built`);
};
export const define = async (name: string, type: string, source: string) => {
  const r = await put(name, type, source);
  expect(r.status, await r.clone().text()).toBe(201);
  expect((await ready(name)).status.index).toBe("ready");
};
export const indexes = async () =>
  (
    await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = 'sendings_sendings' AND indexname LIKE 'gcf\\_%'
      ORDER BY 1`.execute(t.platform.db.kysely)
  ).rows.map((r) => r.name);
/** The indexes once the indexer is done with them (a replaced index is dropped after its successor is ready). */
export const settled = async (count: number) => {
  for (let i = 0; i < 200 && (await indexes()).length !== count; i++) await new Promise((res) => setTimeout(res, 50));
  return indexes();
};
export const query = (q: Record<string, unknown>, token = "admin") =>
  t.request("POST", "/resources/graph/query", { token, body: [{ edge: "sendings", alias: "q", ...q }] });
export const ok = async (q: Record<string, unknown>, token = "admin"): Promise<Answer> => {
  const r = await query(q, token);
  expect(r.status, await r.clone().text()).toBe(200);
  return ((await r.json()) as Record<string, Answer>).q!;
};
/** The subjects (S0 … S5) a filter matches, in the given order. */
export const subjects = async (filter: string, orderBy = "subject asc") =>
  (await ok({ filter, orderBy, node: { fields: ["subject"] }, limit: 100 })).nodes.map((n) => n.subject);
