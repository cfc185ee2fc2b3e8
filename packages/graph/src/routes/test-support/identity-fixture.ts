import { afterAll, beforeAll, expect } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createClientWithToken, createPrincipalWithToken, iamTestContext } from "@platform/iam/testing";
import { graphContext } from "../../index.ts";

// Module bindings are live: a test file that imports `t` reads, inside its tests, what useIdentityPlatform set.

// Data identities are named `gq …`; callers `caller …`; IAM's boot adds the system client `portal`.
export let t: TestPlatform;
export const tokens: Record<string, string> = {};
export const ids: Record<string, string> = {};
export const marks: Record<string, string> = {};
export const pause = () => new Promise((r) => setTimeout(r, 5));

/** IAM and the graph for the calling test file: callers with tokens, and six identities created in order. */
export const useIdentityPlatform = () => {
  beforeAll(async () => {
    t = await createTestPlatform([iamTestContext(), graphContext]);
    const caller = async (key: string, scope: string[], accessAttributes: Record<string, string[]> = {}) => {
      tokens[key] = (
        await createPrincipalWithToken(t, { name: `caller ${key}`, acl: ["graph:*", "iam:*"], scope, accessAttributes })
      ).token;
    };
    await caller("all", ["graph:*"]);
    await caller("none", ["iam:*"]);
    await caller("principalOnly", ["graph/principal:query"]);
    await caller("identity", ["graph/identity:query"]);
    await caller("fields", ["graph/principal:query", "graph/principal:field", "graph/client:query"]);
    await caller("web", ["graph:*"], { channelKey: ["web"] });
    await caller("shopEu", ["graph:*"], { channelKey: ["shop", "web"], region: ["eu"] });
    await caller("tenant", ["graph:*"], { tenant: ["t1"] });
    const principal = async (
      key: string,
      name: string,
      roles: string[],
      accessAttributes: Record<string, string[]>,
    ) => {
      await pause();
      ids[key] = (
        await createPrincipalWithToken(t, { name, email: `${key}@gq.test`, roles, accessAttributes })
      ).principalId;
      marks[key] = new Date().toISOString();
    };
    const client = async (key: string, name: string, roles: string[], accessAttributes: Record<string, string[]>) => {
      await pause();
      ids[key] = (
        await createClientWithToken(t, {
          id: `gq-${key}`,
          name,
          roles,
          scopes: ["graph/identity:query"],
          accessAttributes,
        })
      ).clientId;
      marks[key] = new Date().toISOString();
    };
    // Oldest first: alice, bob, ingest, carol, export, dave.
    await principal("alice", "gq Alice Archer", ["gq-editor", "gq-viewer"], { channelKey: ["web"] });
    await principal("bob", "gq Bob Baker", ["gq-viewer"], { channelKey: ["shop"], region: ["eu"] });
    await client("ingest", "gq Ingest Bot", ["gq-editor"], { channelKey: ["web"] });
    await principal("carol", "gq Carol Cook", [], {});
    await client("export", "gq Export Bot", [], { region: ["eu"] });
    await principal("dave", "gq Dave Dahl", ["gq-admin"], { channelKey: ["web", "shop"] });
    await pause();
  });
  afterAll(() => t?.close());
};

export type Node = Record<string, unknown>;
export type Err = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
export type Filter = { field: string; op: string; value: unknown };
export const post = (body: unknown, token = tokens.all!) =>
  t.request("POST", "/resources/graph/query", { token, body });
export const GQ: Filter = { field: "name", op: "startsWith", value: "gq " };
/** Shape A: the nodes' names (newest first). */
export const names = async (filters: Filter[], token = tokens.all!, limit?: number) => {
  const r = await post({ resource: "identity", filters, ...(limit ? { limit } : {}) }, token);
  expect(r.status).toBe(200);
  return ((await r.json()) as { nodes: Node[] }).nodes.map((n) => n.name);
};
export const fail = async (body: unknown, token = tokens.all!) => {
  const r = await post(body, token);
  return { status: r.status, body: (await r.json()) as Err };
};
export const edge = async (q: Record<string, unknown>, token = tokens.all!) => {
  const r = await post([{ alias: "q", ...q }], token);
  expect(r.status).toBe(200);
  return ((await r.json()) as Record<string, { nodes: Node[]; count?: number; lastCursor: string | null }>).q!;
};
export const ALICE = "gq Alice Archer",
  BOB = "gq Bob Baker",
  INGEST = "gq Ingest Bot",
  CAROL = "gq Carol Cook",
  EXPORT = "gq Export Bot",
  DAVE = "gq Dave Dahl";
