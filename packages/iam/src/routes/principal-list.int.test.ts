import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { defineTestRole } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { bootIam } from "../testing/boot.ts";
import type { Json } from "@platform/http/testing";

let t: TestPlatform;
let owner: { token: string; principalId: string };
const ids: Record<string, string> = {};

const people: [key: string, name: string, email: string, roles: string[]][] = [
  ["anna", "Anna Alpha", "anna@alpha.test", ["sales:rep"]],
  ["bert", "bert beta", "bert@beta.test", ["sales:lead"]],
  ["cleo", "Cleo Gamma", "cleo@alpha.test", ["ops:jobs"]],
  ["dora", "Dora Delta", "dora@delta.test", []],
  ["emil", "Emil Epsilon", "emil@alpha.test", ["sales:rep", "ops:jobs"]],
];

beforeAll(async () => {
  ({ t, owner } = await bootIam());
  for (const key of ["sales:rep", "sales:lead", "ops:jobs"]) await defineTestRole(t, key, []);
  for (const [key, name, email, roles] of people) {
    ids[key] = newId();
    const r = await call(t, "PUT", `/resources/iam/principals/${ids[key]}`, {
      token: owner.token,
      body: { properties: { name, email }, roles },
    });
    expect(r.status).toBe(201);
  }
  const dora = await call(t, "GET", `/resources/iam/principals/${ids.dora}`, { token: owner.token });
  const s = await call(t, "POST", `/resources/iam/principals/${ids.dora}/suspend`, {
    token: owner.token,
    headers: { "If-Match": dora.body.etag },
  });
  expect(s.status).toBe(200);
});
afterAll(() => t.close());

const list = (query: string) => call(t, "GET", `/resources/iam/principals${query}`, { token: owner.token });
const names = (b: Json) => (b.principals as Json[]).map((p) => p.email as string);

describe("principal list", () => {
  it("answers the contract's envelope, ordered by name asc, suspended excluded by default", async () => {
    const r = await list("?search=a.test");
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["firstCursor", "lastCursor", "principals", "totalCount"]);
    expect(names(r.body)).toEqual(["anna@alpha.test", "bert@beta.test", "cleo@alpha.test", "emil@alpha.test"]);
    expect(r.body.totalCount).toBe(4);
  });

  it("includes suspended principals on request and orders by other fields", async () => {
    expect(names((await list("?search=a.test&includeSuspended=true")).body)).toContain("dora@delta.test");
    expect(names((await list("?search=a.test&orderBy=email%20desc")).body)).toEqual([
      "emil@alpha.test",
      "cleo@alpha.test",
      "bert@beta.test",
      "anna@alpha.test",
    ]);
    const bySuspended = await list("?search=a.test&includeSuspended=true&orderBy=suspendedAt%20desc");
    expect(names(bySuspended.body)[0]).toBe("dora@delta.test");
    expect((await list("?orderBy=lastActiveAt%20desc")).body.principals[0].id).toBe(owner.principalId);
  });

  it("searches name or email case-insensitively", async () => {
    expect(names((await list("?search=ALPHA")).body)).toEqual([
      "anna@alpha.test",
      "cleo@alpha.test",
      "emil@alpha.test",
    ]);
    expect(names((await list("?search=BETA")).body)).toEqual(["bert@beta.test"]);
    expect(names((await list("?search=%25")).body)).toEqual([]);
  });

  it("filters by roles (any of), role and rolePrefix, combined with search", async () => {
    expect(names((await list("?roles=sales:lead&roles=ops:jobs")).body)).toEqual([
      "bert@beta.test",
      "cleo@alpha.test",
      "emil@alpha.test",
    ]);
    expect(names((await list("?role=sales:rep")).body)).toEqual(["anna@alpha.test", "emil@alpha.test"]);
    expect(names((await list("?rolePrefix=sales:")).body)).toEqual([
      "anna@alpha.test",
      "bert@beta.test",
      "emil@alpha.test",
    ]);
    expect(names((await list("?rolePrefix=sales:&search=alpha&orderBy=name%20desc")).body)).toEqual([
      "emil@alpha.test",
      "anna@alpha.test",
    ]);
  });

  it("combines every filter with ordering and paging", async () => {
    // role + roles are one any-of set; includeSuspended with a role filter; search narrows.
    expect(names((await list("?role=sales:lead&roles=sales:rep")).body)).toEqual([
      "anna@alpha.test",
      "bert@beta.test",
      "emil@alpha.test",
    ]);
    expect(names((await list("?roles=sales:rep,ops:jobs&search=alpha&orderBy=email%20desc")).body)).toEqual([
      "emil@alpha.test",
      "cleo@alpha.test",
      "anna@alpha.test",
    ]);
    expect(names((await list("?rolePrefix=ops:&roles=sales:rep")).body)).toEqual(["emil@alpha.test"]);
    expect(names((await list("?rolePrefix=nope:")).body)).toEqual([]);
    expect(names((await list("?search=delta&includeSuspended=false")).body)).toEqual([]);
    expect(names((await list("?search=delta&includeSuspended=true")).body)).toEqual(["dora@delta.test"]);
    expect(names((await list("?search=a.test&orderBy=name")).body)).toEqual(
      names((await list("?search=a.test&orderBy=name%20ASC")).body),
    );
    expect(names((await list("?search=a.test&orderBy=")).body)).toEqual([
      "anna@alpha.test",
      "bert@beta.test",
      "cleo@alpha.test",
      "emil@alpha.test",
    ]);
    // Paging keeps the filter and the descending order, both ways.
    const q = "?search=a.test&includeSuspended=true&orderBy=email%20desc&limit=2";
    const p1 = await list(q);
    expect(names(p1.body)).toEqual(["emil@alpha.test", "dora@delta.test"]);
    expect(p1.body.totalCount).toBe(5);
    const p2 = await list(`${q}&after=${p1.body.lastCursor}`);
    expect(names(p2.body)).toEqual(["cleo@alpha.test", "bert@beta.test"]);
    const p3 = await list(`${q}&after=${p2.body.lastCursor}`);
    expect(names(p3.body)).toEqual(["anna@alpha.test"]);
    expect(names((await list(`${q}&before=${p2.body.firstCursor}`)).body)).toEqual([
      "emil@alpha.test",
      "dora@delta.test",
    ]);
    // lastActiveAt: never-active principals sort first ascending; suspendedAt desc puts the suspended first.
    const active = await list("?includeSuspended=true&orderBy=lastActiveAt%20asc&limit=100");
    expect((active.body.principals as Json[]).at(-1)!.id).toBe(owner.principalId);
    expect((active.body.principals as Json[]).slice(0, -1).every((p) => p.lastActiveAt === null)).toBe(true);
    expectError(await list("?after=x&before=y"), 400, "VALIDATION_FAILED");
    expectError(await list("?rolePrefix="), 400, "VALIDATION_FAILED");
  });

  it("pages forward and back with opaque cursors", async () => {
    const p1 = await list("?search=a.test&limit=2");
    expect(names(p1.body)).toEqual(["anna@alpha.test", "bert@beta.test"]);
    expect(p1.body.totalCount).toBe(4);
    const p2 = await list(`?search=a.test&limit=2&after=${p1.body.lastCursor}`);
    expect(names(p2.body)).toEqual(["cleo@alpha.test", "emil@alpha.test"]);
    const back = await list(`?search=a.test&limit=2&before=${p2.body.firstCursor}`);
    expect(names(back.body)).toEqual(["anna@alpha.test", "bert@beta.test"]);
    const end = await list(`?search=a.test&limit=2&after=${p2.body.lastCursor}`);
    expect(end.body).toMatchObject({ principals: [], firstCursor: null, lastCursor: null, totalCount: 4 });
  });

  it("refuses bad query parameters with 400", async () => {
    for (const q of [
      "?limit=101",
      "?limit=0",
      "?limit=x",
      "?orderBy=password",
      "?orderBy=name%20sideways",
      "?includeSuspended=maybe",
      "?after=garbage",
      `?search=${"x".repeat(201)}`,
      "?roles=bad%20role",
    ])
      expectError(await list(q), 400, "VALIDATION_FAILED");
  });

  it("rebuilds the read models from the events to the same lists (system rows survive)", async () => {
    const before = await Promise.all([
      list("?includeSuspended=true&limit=100"),
      call(t, "GET", "/resources/iam/roles", { token: owner.token }),
      call(t, "GET", "/resources/iam/clients", { token: owner.token }),
    ]);
    await t.platform.followers.stop();
    for (const name of ["iam-principals", "iam-roles", "iam-clients"]) await t.platform.followers.rebuild(name);
    t.platform.followers.start();
    const after = await Promise.all([
      list("?includeSuspended=true&limit=100"),
      call(t, "GET", "/resources/iam/roles", { token: owner.token }),
      call(t, "GET", "/resources/iam/clients", { token: owner.token }),
    ]);
    expect(after.map((r) => r.body)).toEqual(before.map((r) => r.body));
    expect((after[1]!.body.roles as Json[]).map((r) => r.key)).toContain("system:owner");
  });
});
