import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { bootIam } from "../testing/boot.ts";
import type { Json } from "@platform/http/testing";

let t: TestPlatform;
let owner: { token: string; principalId: string };
let restricted: { token: string; principalId: string };
const ids: Record<string, string> = {};
const sessions: Record<string, string> = {};
beforeAll(async () => {
  ({ t, owner } = await bootIam());
  restricted = await createPrincipalWithToken(t, {
    acl: ["iam/principals:*"],
    accessAttributes: { channelKey: ["web", "app"] },
    email: "r@abac.test",
  });
  for (const [key, attrs] of [
    ["web", { channelKey: ["web"] }],
    ["shop", { channelKey: ["shop"] }],
    ["none", {}],
  ] as const) {
    const p = await createPrincipalWithToken(t, { accessAttributes: attrs, email: `${key}@abac.test` });
    ids[key] = p.principalId;
    sessions[p.principalId] = p.sessionId;
  }
});
afterAll(() => t.close());

describe("access attributes (ABAC) on principals", () => {
  it("filters lists to principals sharing a channelKey", async () => {
    const r = await call(t, "GET", "/resources/iam/principals?search=abac.test", { token: restricted.token });
    expect((r.body.principals as Json[]).map((p) => p.email)).toEqual(["r@abac.test", "web@abac.test"]);
    expect(r.body.totalCount).toBe(2);
  });

  it("answers 403 for direct access outside the attributes", async () => {
    expect((await call(t, "GET", `/resources/iam/principals/${ids.web}`, { token: restricted.token })).status).toBe(
      200,
    );
    for (const id of [ids.shop!, ids.none!]) {
      expectError(
        await call(t, "GET", `/resources/iam/principals/${id}`, { token: restricted.token }),
        403,
        "FORBIDDEN",
      );
      expectError(
        await call(t, "PATCH", `/resources/iam/principals/${id}`, {
          token: restricted.token,
          body: { name: "x" },
          headers: { "If-Match": '"v1"' },
        }),
        403,
      );
      expectError(await call(t, "DELETE", `/resources/iam/principals/${id}`, { token: restricted.token }), 403);
      expectError(
        await call(t, "POST", `/resources/iam/principals/${id}/password/reset`, { token: restricted.token }),
        403,
      );
      expectError(await call(t, "GET", `/resources/iam/principals/${id}/sessions`, { token: restricted.token }), 403);
      const etag = (await call(t, "GET", `/resources/iam/principals/${id}`, { token: owner.token })).body
        .etag as string;
      const headers = { "If-Match": etag };
      const writes = [
        call(t, "PUT", `/resources/iam/principals/${id}`, {
          token: restricted.token,
          body: { properties: { name: "x", email: `${newId()}@abac.test` }, accessAttributes: { channelKey: ["web"] } },
          headers,
        }),
        call(t, "POST", `/resources/iam/principals/${id}/suspend`, { token: restricted.token, headers }),
        call(t, "POST", `/resources/iam/principals/${id}/reactivate`, { token: restricted.token, headers }),
        call(t, "PUT", `/resources/iam/principals/${id}/roles`, {
          token: restricted.token,
          body: { roles: [] },
          headers,
        }),
        call(t, "PUT", `/resources/iam/principals/${id}/acl`, { token: restricted.token, body: { acl: [] }, headers }),
        call(t, "DELETE", `/resources/iam/principals/${id}/sessions/${sessions[id!]}`, { token: restricted.token }),
      ];
      for (const r of await Promise.all(writes)) expectError(r, 403, "FORBIDDEN");
      expect((await call(t, "GET", `/resources/iam/principals/${id}`, { token: owner.token })).body.etag).toBe(etag);
      expect(
        (await call(t, "GET", `/resources/iam/principals/${id}/sessions`, { token: owner.token })).body[0].isRevoked,
      ).toBe(false);
    }
  });

  it("lets a restricted caller create only principals within its own values", async () => {
    const put = (attrs: Json | undefined) =>
      call(t, "PUT", `/resources/iam/principals/${newId()}`, {
        token: restricted.token,
        body: {
          properties: { name: "N", email: `${newId()}@abac.test` },
          ...(attrs ? { accessAttributes: attrs } : {}),
        },
      });
    expectError(await put(undefined), 403);
    expectError(await put({ channelKey: ["shop"] }), 403);
    expectError(await put({ channelKey: ["web", "shop"] }), 403);
    expect((await put({ channelKey: ["app"] })).status).toBe(201);
  });

  it("does not let a restricted caller move a visible principal outside its values", async () => {
    const id = ids.web!;
    const etag = (await call(t, "GET", `/resources/iam/principals/${id}`, { token: restricted.token })).body
      .etag as string;
    const r = await call(t, "PUT", `/resources/iam/principals/${id}`, {
      token: restricted.token,
      body: { properties: { name: "Web", email: "web@abac.test" }, accessAttributes: { channelKey: ["shop"] } },
      headers: { "If-Match": etag },
    });
    expectError(r, 403, "FORBIDDEN");
    expect((await call(t, "GET", `/resources/iam/principals/${id}`, { token: owner.token })).body).toMatchObject({
      etag,
      accessAttributes: { channelKey: ["web"] },
    });
  });
});
