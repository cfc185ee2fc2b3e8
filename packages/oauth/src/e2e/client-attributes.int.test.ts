import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call as send, createTestPlatform } from "@platform/http/testing";
import type { Json, TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { createAdmin, postForm, testContexts } from "../test-support/fixtures.ts";

/**
 * Access attributes do not escape through clients. A client made (or
 * given a secret) by a principal restricted to channelKey [web] carries that restriction, so
 * its client_credentials tokens see no more than its maker.
 */
let t: TestPlatform;
let owner: { token: string };
let restricted: { token: string };
beforeAll(async () => {
  t = await createTestPlatform(testContexts());
  owner = await createAdmin(t);
  restricted = await createPrincipalWithToken(t, {
    acl: ["iam/clients:*", "iam/principals:read"],
    accessAttributes: { channelKey: ["web"] },
    email: "maker@attrs.test",
  });
  for (const [name, attrs] of [
    ["web", { channelKey: ["web"] }],
    ["shop", { channelKey: ["shop"] }],
    ["none", {}],
  ] as const)
    await createPrincipalWithToken(t, { accessAttributes: attrs, email: `${name}@listed.test` });
});
afterAll(() => t.close());

/** A call with `token` (the shared test client, @platform/http/testing). */
const call = (method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) =>
  send(t, method, path, { token, body, headers });
const serviceAccount = (name: string) => ({
  name,
  redirectUris: [],
  grantTypes: ["client_credentials"],
  scopes: ["iam/principals:read"],
  tokenEndpointAuthMethod: "client_secret_basic",
});
const putClient = (id: string, token: string, extra: Json = {}, headers: Record<string, string> = {}) =>
  call("PUT", `/resources/iam/clients/${id}`, token, { properties: serviceAccount(id), ...extra }, headers);
const addSecret = (id: string, token: string) =>
  call("POST", `/resources/iam/clients/${id}/secrets`, token, { description: "s" });
/** The emails of the `@listed.test` principals a client_credentials token of this client can list. */
const listedBy = async (clientId: string, secret: string) => {
  const tokenRes = await postForm(t, "/oauth/token", { grant_type: "client_credentials" }, { id: clientId, secret });
  expect(tokenRes.status).toBe(200);
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const r = await call("GET", "/resources/iam/principals?search=listed.test", token);
  expect(r.status).toBe(200);
  return (r.body.principals as Json[]).map((p) => p.email as string).sort();
};

describe("Clients carry the access attributes of whoever made them", () => {
  it(
    "a client created by a restricted principal (PUT) inherits its attributes; its token lists " + "only that channel",
    async () => {
      expect(await putClient("made-by-web", restricted.token)).toMatchObject({
        status: 201,
        body: { accessAttributes: { channelKey: ["web"] } },
      });
      const secret = await addSecret("made-by-web", restricted.token);
      expect(secret.status).toBe(201);
      expect(await listedBy("made-by-web", secret.body.secret)).toEqual(["web@listed.test"]);
    },
  );

  it("a client created by a restricted principal (POST /iam/clients) inherits its attributes too", async () => {
    const r = await call("POST", "/iam/clients", restricted.token, {
      name: "posted",
      grant_types: ["client_credentials"],
      scope: "iam/principals:read",
    });
    expect(r).toMatchObject({ status: 201, body: { accessAttributes: { channelKey: ["web"] } } });
    expect(await listedBy(r.body.client_id, r.body.client_secret)).toEqual(["web@listed.test"]);
  });

  it("a secret added by a restricted principal narrows the client to its values", async () => {
    expect(
      await putClient("web-and-shop", owner.token, { accessAttributes: { channelKey: ["web", "shop"] } }),
    ).toMatchObject({ status: 201, body: { accessAttributes: { channelKey: ["shop", "web"] } } });
    const ownerSecret = await addSecret("web-and-shop", owner.token);
    expect(await listedBy("web-and-shop", ownerSecret.body.secret)).toEqual(["shop@listed.test", "web@listed.test"]);
    const secret = await addSecret("web-and-shop", restricted.token);
    expect(secret.status).toBe(201);
    expect((await call("GET", "/resources/iam/clients/web-and-shop", owner.token)).body.accessAttributes).toEqual({
      channelKey: ["web"],
    });
    expect(await listedBy("web-and-shop", secret.body.secret)).toEqual(["web@listed.test"]);
    expect(await listedBy("web-and-shop", ownerSecret.body.secret)).toEqual(["web@listed.test"]);
  });

  it("only an unrestricted caller changes a client's attributes", async () => {
    const created = await putClient("kept", restricted.token);
    const widen = await putClient("kept", restricted.token, { accessAttributes: {} }, { "If-Match": created.etag! });
    expect({ status: widen.status, code: widen.body.error.code }).toEqual({ status: 403, code: "FORBIDDEN" });
    const other = await putClient(
      "kept",
      restricted.token,
      { accessAttributes: { channelKey: ["shop"] } },
      { "If-Match": created.etag! },
    );
    expect(other.status).toBe(403);
    const rename = await call(
      "PUT",
      "/resources/iam/clients/kept",
      restricted.token,
      { properties: { ...serviceAccount("kept"), name: "Kept" } },
      { "If-Match": created.etag! },
    );
    expect(rename).toMatchObject({ status: 200, body: { name: "Kept", accessAttributes: { channelKey: ["web"] } } });
    expect((await putClient("fresh", restricted.token, { accessAttributes: { channelKey: ["shop"] } })).status).toBe(
      403,
    );
    expect((await call("GET", "/resources/iam/clients/fresh", owner.token)).status).toBe(404);
    const cleared = await putClient("kept", owner.token, { accessAttributes: {} }, { "If-Match": rename.etag! });
    expect(cleared).toMatchObject({ status: 200, body: { accessAttributes: {} } });
  });

  it(
    "the clients list and GET filter by the caller's attributes; writes outside them are 403 " + "and change nothing",
    async () => {
      await putClient("shop-only", owner.token, { accessAttributes: { channelKey: ["shop"] } });
      await putClient("unrestricted", owner.token);
      const list = await call("GET", "/resources/iam/clients?limit=100", restricted.token);
      const ids = (list.body.clients as Json[]).map((c) => c.id);
      expect(ids).toContain("made-by-web");
      expect(ids).not.toContain("shop-only");
      expect(ids).not.toContain("unrestricted");
      expect(list.body.totalCount).toBe(ids.length);
      for (const id of ["shop-only", "unrestricted"]) {
        const before = await call("GET", `/resources/iam/clients/${id}`, owner.token);
        const headers = { "If-Match": before.etag! };
        const attempts = await Promise.all([
          call("GET", `/resources/iam/clients/${id}`, restricted.token),
          call("GET", `/resources/iam/clients/${id}/secrets`, restricted.token),
          addSecret(id, restricted.token),
          putClient(id, restricted.token, {}, headers),
          call("PATCH", `/resources/iam/clients/${id}`, restricted.token, { name: "x" }, headers),
          call("PUT", `/resources/iam/clients/${id}/roles`, restricted.token, { roles: [] }, headers),
          call("POST", `/resources/iam/clients/${id}/suspend`, restricted.token, undefined, headers),
          call("DELETE", `/resources/iam/clients/${id}`, restricted.token),
        ]);
        expect(attempts.map((a) => [a.status, a.body?.error?.code])).toEqual(attempts.map(() => [403, "FORBIDDEN"]));
        expect((await call("GET", `/resources/iam/clients/${id}`, owner.token)).etag).toBe(before.etag);
        expect((await call("GET", `/resources/iam/clients/${id}/secrets`, owner.token)).body).toEqual([]);
      }
    },
  );
});
