import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createClientWithToken, createPrincipalWithToken, defineTestRole, iamTestContext } from "@platform/iam/testing";
import { actorsContext } from "./index.ts";
import { json } from "./testing/harness.ts";

let t: TestPlatform;
let wide: { token: string };
let target: { principalId: string };
let client: { clientId: string };
beforeAll(async () => {
  t = await createTestPlatform([iamTestContext(), actorsContext]);
  // Every actor permission, and no IAM permission.
  wide = await createPrincipalWithToken(t, { acl: ["actors:*"] });
  target = await createPrincipalWithToken(t, { accessAttributes: { channelKey: ["shop"] } });
  client = await createClientWithToken(t);
  await defineTestRole(t, "crm:agent", ["iam/principals:read"]);
});
afterAll(() => t.close());

describe("The generic actor API does not serve IAM records", () => {
  it("answers 404 for principal, client and role state, journals and messages, even with actors:*", async () => {
    for (const [type, id] of [
      ["principal", target.principalId],
      ["client", client.clientId],
      ["role", "crm:agent"],
    ] as const) {
      for (const path of [`/resources/actors/${type}/${id}`, `/resources/actors/${type}/${id}/journal`]) {
        const r = await t.request("GET", path, { token: wide.token });
        expect({ path, status: r.status, body: await json(r) }).toEqual({
          path,
          status: 404,
          body: { error: { code: "NOT_FOUND", message: `Unknown actor type '${type}'` } },
        });
      }
      const post = await t.request("POST", `/resources/actors/${type}/${id}`, {
        token: wide.token,
        body: [{ type: "delete", body: {} }],
      });
      expect(post.status).toBe(404);
    }
    // IAM's own route still guards the record: no iam/principals:read → 403.
    expect(
      (await t.request("GET", `/resources/iam/principals/${target.principalId}`, { token: wide.token })).status,
    ).toBe(403);
  });

  it("serves IAM journals through IAM's routes, with IAM's permissions and the attribute rule", async () => {
    const paths = {
      principal: `/resources/iam/principals/${target.principalId}/journal`,
      client: `/resources/iam/clients/${client.clientId}/journal`,
      role: "/resources/iam/roles/crm:agent/journal",
    };
    const reader = await createPrincipalWithToken(t, {
      acl: ["iam/principals:read", "iam/clients:read", "iam/roles:read"],
    });
    const events = async (path: string, token: string) => {
      const r = await t.request("GET", path, { token });
      return { status: r.status, body: await json(r) };
    };
    const principal = await events(paths.principal, reader.token);
    expect(principal.status).toBe(200);
    expect(principal.body).toMatchObject({
      totalCount: 1,
      events: [{ type: "PrincipalCreated", version: 1, data: { accessAttributes: { channelKey: ["shop"] } } }],
    });
    expect((await events(paths.client, reader.token)).body.events.map((e: { type: string }) => e.type)).toEqual([
      "ClientCreated",
      "ClientSecretCreated",
    ]);
    expect((await events(paths.role, reader.token)).body.events.map((e: { type: string }) => e.type)).toEqual([
      "RoleDefined",
    ]);
    // actors:* is not an IAM permission; a restricted reader sees only identities within its attributes.
    for (const path of Object.values(paths)) expect((await events(path, wide.token)).status).toBe(403);
    const web = await createPrincipalWithToken(t, {
      acl: ["iam/principals:read"],
      accessAttributes: { channelKey: ["web"] },
    });
    expect((await events(paths.principal, web.token)).body).toEqual({
      error: { code: "FORBIDDEN", message: "Outside your access attributes" },
    });
    expect((await events(`/resources/iam/principals/${web.principalId}/journal`, web.token)).status).toBe(200);
    expect(
      (await events("/resources/iam/principals/0192f000-0000-7000-8000-000000000000/journal", reader.token)).status,
    ).toBe(404);
  });
});
