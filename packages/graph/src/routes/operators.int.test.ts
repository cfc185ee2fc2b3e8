import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { graphContext } from "../index.ts";
import { probeContext } from "../testing/probe-edge.ts";
import type { ProbeRow } from "../testing/probe-edge.ts";

const rows: ProbeRow[] = [
  {
    id: "a",
    label: "Alpha",
    note: null,
    n: 1,
    flag: true,
    at: "2026-01-01T00:00:00.000Z",
    due: null,
    tags: ["red", "blue"],
    channel_key: "web",
  },
  {
    id: "b",
    label: "beta",
    note: "x%y",
    n: 2.5,
    flag: false,
    at: "2026-01-02T00:00:00.000Z",
    due: "2026-02-01T00:00:00.000Z",
    tags: [],
    channel_key: "web",
  },
  {
    id: "c",
    label: "Gamma",
    note: "under_score",
    n: -3,
    flag: true,
    at: "2026-01-03T12:00:00.000Z",
    due: "2026-03-01T00:00:00.000Z",
    tags: ["green"],
    channel_key: "shop",
  },
  {
    id: "d",
    label: "delta",
    note: "back\\slash",
    n: 10,
    flag: false,
    at: "2026-01-04T00:00:00.000Z",
    due: null,
    tags: ["red"],
    channel_key: null,
  },
];

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform([
    staticAuthContext({
      graph: { scope: ["graph:*"] },
      web: { scope: ["graph:*"], attributes: { channelKey: ["web", "shop"] } },
    }),
    probeContext,
    graphContext,
  ]);
  await t.platform.db.kysely
    .insertInto("probe_rows")
    .values(rows.map((r) => ({ ...r, tags: JSON.stringify(r.tags), body: JSON.stringify({ id: r.id }) })))
    .execute();
});
afterAll(() => t.close());

const ids = async (filter: string, token = "graph", orderBy?: string) => {
  const r = await t.request("POST", "/resources/graph/query", {
    token,
    body: [{ edge: "probes", alias: "p", filter, orderBy, count: true, node: { fields: ["id"] } }],
  });
  const body = (await r.json()) as { p: { nodes: { id: string }[]; count: number } };
  expect(r.status, JSON.stringify(body)).toBe(200);
  expect(body.p.count).toBe(body.p.nodes.length);
  return body.p.nodes.map((n) => n.id).join("");
};

// [filter, the ids it matches in id order]
const CASES: [string, string][] = [
  // text
  ['label == "beta"', "b"],
  ['label == "Beta"', ""],
  ['label != "beta"', "acd"],
  ['label < "Gamma"', "a"],
  ['label <= "Gamma"', "ac"],
  ['label > "beta"', "d"],
  ['label >= "beta"', "bd"],
  ['label contains "ET"', "b"],
  ['label startsWith "g"', "c"],
  ['label endsWith "A"', "abcd"],
  ['label in ["Alpha", "delta", "zeta"]', "ad"],
  ["label in []", ""],
  // nullable text: null never matches a comparison, always differs from a value
  ["note == null", "a"],
  ["note != null", "bcd"],
  ['note != "x%y"', "acd"],
  ['note contains "%"', "b"],
  ['note contains "_"', "c"],
  ['note contains "\\\\"', "d"],
  ['note startsWith "x%"', "b"],
  ['note > "a"', "bcd"],
  ['note in ["x%y", "nope"]', "b"],
  ['not (note == "x%y")', "acd"],
  ['not (note contains "s")', "ab"],
  // number
  ["n == 2.5", "b"],
  ["n != 1", "bcd"],
  ["n < 0", "c"],
  ["n <= 1", "ac"],
  ["n > 2.5", "d"],
  ["n >= 2.5", "bd"],
  ["n in [1, 10, 99]", "ad"],
  ["n == -3e0", "c"],
  // boolean
  ["flag == true", "ac"],
  ["flag != true", "bd"],
  ["flag in [false]", "bd"],
  // instant: compared as instants whatever the offset or precision
  ['at == "2026-01-03T13:00:00+01:00"', "c"],
  ['at > "2026-01-02T00:00:00Z"', "cd"],
  ['at >= "2026-01-02T00:00:00.000Z"', "bcd"],
  ['at < "2026-01-02"', "a"],
  ['at <= "2026-01-02T00:00:00Z"', "ab"],
  ['at != "2026-01-01T00:00:00Z"', "bcd"],
  ['at in ["2026-01-01T00:00:00Z", "2026-01-04T00:00:00Z"]', "ad"],
  ["due == null", "ad"],
  ['due < "2026-02-15T00:00:00Z"', "b"],
  ['due != "2026-02-01T00:00:00Z"', "acd"],
  // textList: some element matches; != means none equals
  ['tags == "red"', "ad"],
  ['tags != "red"', "bc"],
  ['tags contains "LU"', "a"],
  ['tags startsWith "gr"', "c"],
  ['tags endsWith "d"', "ad"],
  ['tags in ["blue", "green"]', "ac"],
  // and, or, not, parentheses, precedence
  ["flag == true and n > 0", "a"],
  ["flag == true or n > 5", "acd"],
  ['n > 0 and flag == false or label == "Gamma"', "bcd"],
  ['n > 0 and (flag == false or label == "Gamma")', "bd"],
  ["not flag == true and n > 0", "bd"],
  ["not (flag == true and n > 0)", "bcd"],
  ["not not (n == 1)", "a"],
  ['channelKey == "web" and not (tags == "red")', "b"],
];

describe("every operator on every type", () => {
  it.each(CASES)("%s", async (filter, expected) => {
    expect(await ids(filter)).toBe(expected);
  });

  it("orders by any scalar field either way, nulls last, with a stable id tiebreak", async () => {
    expect(await ids("", "graph", "n desc")).toBe("dbac");
    expect(await ids("", "graph", "due asc")).toBe("bcad");
    expect(await ids("", "graph", "due desc")).toBe("cbda");
    expect(await ids("", "graph", "flag asc")).toBe("bdac");
    expect(await ids("", "graph", "label desc")).toBe("dbca");
    expect(await ids("", "graph", "note asc")).toBe("dcba");
  });

  it("pages through a nullable order without losing or repeating a row", async () => {
    for (const orderBy of ["due asc", "due desc", "note asc", "note desc", "at desc"]) {
      const seen: string[] = [];
      let after: string | undefined;
      for (let i = 0; i < 6; i++) {
        const r = await t.request("POST", "/resources/graph/query", {
          token: "graph",
          body: [{ edge: "probes", alias: "p", orderBy, limit: 1, after, node: { fields: ["id"] } }],
        });
        const { p } = (await r.json()) as { p: { nodes: { id: string }[]; lastCursor: string | null } };
        if (!p.lastCursor) break;
        seen.push(...p.nodes.map((n) => n.id));
        after = p.lastCursor;
      }
      expect([...seen].sort().join(""), orderBy).toBe("abcd");
      expect(seen.join(""), orderBy).toBe(await ids("", "graph", orderBy));
    }
  });

  it("applies access attributes before the filter: a record without a value never matches", async () => {
    expect(await ids("channelKey == null", "web")).toBe("");
    expect(await ids('tags == "red"', "web")).toBe("a");
    expect(await ids("", "web")).toBe("abc");
  });
});
