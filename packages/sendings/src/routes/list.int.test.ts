import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { sendingsContext } from "../index.ts";
import type { SendingRecord } from "../index.ts";

type Page = { sendings: SendingRecord[]; totalCount: number; firstCursor: string | null; lastCursor: string | null };
type Err = { error: { code: string; details?: { path: string }[] } };

let t: TestPlatform;
let ids: string[] = [];
beforeAll(async () => {
  t = await createTestPlatform([
    staticAuthContext({ writer: { scope: ["sendings:*"] }, other: { scope: ["jobs:read"] } }),
    sendingsContext,
  ]);
  const to = Array.from({ length: 7 }, (_, i) => `user${i}@example.test`);
  const r = await t.request("POST", "/resources/sendings/email", {
    token: "writer",
    body: { to, subject: "Paged", body: { plainText: "x" }, category: "paging" },
  });
  ids = ((await r.json()) as { sendings: SendingRecord[] }).sendings.map((s) => s.sendingId);
  await t.request("POST", "/resources/sendings/email", {
    token: "writer",
    body: { to: "User3@Example.test", subject: "Other", body: { html: "<b>x</b>" }, category: "other" },
  });
  await t.request("DELETE", `/resources/sendings/${ids[0]}`, { token: "writer" });
});
afterAll(() => t.close());

const list = async (query: string) => {
  const r = await t.request("GET", `/resources/sendings${query}`, { token: "writer" });
  expect(r.status).toBe(200);
  return (await r.json()) as Page;
};

describe("GET /resources/sendings", () => {
  it("lists newest first in the contract's envelope", async () => {
    const all = await list("");
    expect(all.totalCount).toBe(8);
    expect(all.sendings.map((s) => s.subject)[0]).toBe("Other");
    expect(all.sendings.slice(1).map((s) => s.sendingId)).toEqual([...ids].reverse());
    expect(all.firstCursor).toEqual(expect.any(String));
  });

  it("filters by status, category and recipient (any case), combined", async () => {
    expect((await list("?status=cancelled")).sendings.map((s) => s.sendingId)).toEqual([ids[0]]);
    expect((await list("?status=pending&category=paging")).totalCount).toBe(6);
    expect((await list("?recipient=user3@example.test")).sendings.map((s) => s.category).sort()).toEqual([
      "other",
      "paging",
    ]);
    expect((await list("?recipient=user3@example.test&category=other")).totalCount).toBe(1);
    expect((await list("?status=sent")).totalCount).toBe(0);
  });

  it("pages forward with after and back with before", async () => {
    const p1 = await list("?category=paging&limit=3");
    expect(p1.sendings.map((s) => s.sendingId)).toEqual([ids[6], ids[5], ids[4]]);
    expect(p1.totalCount).toBe(7);
    const p2 = await list(`?category=paging&limit=3&after=${p1.lastCursor}`);
    expect(p2.sendings.map((s) => s.sendingId)).toEqual([ids[3], ids[2], ids[1]]);
    const p3 = await list(`?category=paging&limit=3&after=${p2.lastCursor}`);
    expect(p3.sendings.map((s) => s.sendingId)).toEqual([ids[0]]);
    const back = await list(`?category=paging&limit=3&before=${p2.firstCursor}`);
    expect(back.sendings.map((s) => s.sendingId)).toEqual([ids[6], ids[5], ids[4]]);
    const end = await list(`?category=paging&limit=3&after=${p3.lastCursor}`);
    expect(end).toEqual({ sendings: [], totalCount: 7, firstCursor: null, lastCursor: null });
  });

  it("rejects a bad limit, status or cursor with 400", async () => {
    for (const q of [
      "?limit=101",
      "?limit=0",
      "?status=delivered",
      "?after=garbage",
      `?after=${Buffer.from(JSON.stringify(["x", "y"])).toString("base64url")}`,
    ]) {
      const r = await t.request("GET", `/resources/sendings${q}`, { token: "writer" });
      expect(r.status, q).toBe(400);
      expect(((await r.json()) as Err).error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("needs a token and sendings:read", async () => {
    expect((await t.request("GET", "/resources/sendings")).status).toBe(401);
    expect((await t.request("GET", "/resources/sendings", { token: "other" })).status).toBe(403);
  });
});
