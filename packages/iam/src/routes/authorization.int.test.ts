import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { iamSessionsKey } from "../service.ts";
import { createPrincipalWithToken, defineTestRole } from "../testing/index.ts";
import { call } from "@platform/http/testing";
import { bootIam } from "../testing/boot.ts";
import type { Json } from "@platform/http/testing";

let t: TestPlatform;
let owner: { token: string; principalId: string };
beforeAll(async () => {
  ({ t, owner } = await bootIam());
});
afterAll(() => t.close());

const PASSWORD = "Vivid-Otter-42";

type Prepared = { path: string; body?: unknown; headers?: Record<string, string> };
type Route = { method: string; route: string; ace: string | null; ok: number; prepare: () => Promise<Prepared> };

const etag = async (path: string) => ({
  "If-Match": (await call(t, "GET", path, { token: owner.token })).body.etag as string,
});
const principal = async () => (await createPrincipalWithToken(t, {})).principalId;
const client = async () => {
  const id = `c-${newId()}`;
  await call(t, "PUT", `/resources/iam/clients/${id}`, {
    token: owner.token,
    body: { properties: { name: "C", grantTypes: ["client_credentials"] } },
  });
  return id;
};
const secretOf = async (id: string) =>
  (await call(t, "POST", `/resources/iam/clients/${id}/secrets`, { token: owner.token, body: { description: "s" } }))
    .body.id as string;
const role = async () => {
  const key = `walk:${newId()}`;
  await defineTestRole(t, key, []);
  return key;
};
const PRINCIPALS_PATH = "/resources/iam/principals";
const CLIENTS_PATH = "/resources/iam/clients";

/** Every IAM route, the ACE it needs, and how to make a fresh target for a successful call. */
const routes: Route[] = [
  {
    method: "GET",
    route: "principals list",
    ace: "iam/principals:read",
    ok: 200,
    prepare: async () => ({ path: PRINCIPALS_PATH }),
  },
  {
    method: "GET",
    route: "principal",
    ace: "iam/principals:read",
    ok: 200,
    prepare: async () => ({ path: `${PRINCIPALS_PATH}/${await principal()}` }),
  },
  {
    method: "PUT",
    route: "principal (create)",
    ace: "iam/principals:write",
    ok: 201,
    prepare: async () => ({
      path: `${PRINCIPALS_PATH}/${newId()}`,
      body: { properties: { name: "N", email: `${newId()}@walk.test` } },
    }),
  },
  {
    method: "PUT",
    route: "principal (replace)",
    ace: "iam/principals:write",
    ok: 200,
    prepare: async () => {
      const id = await principal();
      return {
        path: `${PRINCIPALS_PATH}/${id}`,
        body: { properties: { name: "R", email: `${newId()}@walk.test` } },
        headers: await etag(`${PRINCIPALS_PATH}/${id}`),
      };
    },
  },
  {
    method: "PATCH",
    route: "principal",
    ace: "iam/principals:write",
    ok: 200,
    prepare: async () => {
      const id = await principal();
      return { path: `${PRINCIPALS_PATH}/${id}`, body: { name: "M" }, headers: await etag(`${PRINCIPALS_PATH}/${id}`) };
    },
  },
  {
    method: "DELETE",
    route: "principal",
    ace: "iam/principals:delete",
    ok: 204,
    prepare: async () => ({ path: `${PRINCIPALS_PATH}/${await principal()}` }),
  },
  {
    method: "POST",
    route: "principal suspend",
    ace: "iam/principals:write",
    ok: 200,
    prepare: async () => {
      const id = await principal();
      return { path: `${PRINCIPALS_PATH}/${id}/suspend`, headers: await etag(`${PRINCIPALS_PATH}/${id}`) };
    },
  },
  {
    method: "POST",
    route: "principal reactivate",
    ace: "iam/principals:write",
    ok: 200,
    prepare: async () => {
      const id = await principal();
      const s = await call(t, "POST", `${PRINCIPALS_PATH}/${id}/suspend`, {
        token: owner.token,
        headers: await etag(`${PRINCIPALS_PATH}/${id}`),
      });
      return { path: `${PRINCIPALS_PATH}/${id}/reactivate`, headers: { "If-Match": s.body.etag } };
    },
  },
  {
    method: "POST",
    route: "principal password reset",
    ace: "iam/principals:write",
    ok: 200,
    prepare: async () => ({ path: `${PRINCIPALS_PATH}/${await principal()}/password/reset` }),
  },
  {
    method: "PUT",
    route: "principal roles",
    ace: "iam/principals:write",
    ok: 200,
    prepare: async () => {
      const id = await principal();
      return {
        path: `${PRINCIPALS_PATH}/${id}/roles`,
        body: { roles: [] },
        headers: await etag(`${PRINCIPALS_PATH}/${id}`),
      };
    },
  },
  {
    method: "PUT",
    route: "principal acl",
    ace: "iam/principals:write",
    ok: 200,
    prepare: async () => {
      const id = await principal();
      return {
        path: `${PRINCIPALS_PATH}/${id}/acl`,
        body: { acl: [] },
        headers: await etag(`${PRINCIPALS_PATH}/${id}`),
      };
    },
  },
  {
    method: "GET",
    route: "principal sessions",
    ace: "iam/principals:read",
    ok: 200,
    prepare: async () => ({ path: `${PRINCIPALS_PATH}/${await principal()}/sessions` }),
  },
  {
    method: "DELETE",
    route: "principal session",
    ace: "iam/principals:write",
    ok: 204,
    prepare: async () => {
      const p = await createPrincipalWithToken(t, {});
      return { path: `${PRINCIPALS_PATH}/${p.principalId}/sessions/${p.sessionId}` };
    },
  },
  {
    method: "GET",
    route: "clients list",
    ace: "iam/clients:read",
    ok: 200,
    prepare: async () => ({ path: CLIENTS_PATH }),
  },
  {
    method: "GET",
    route: "client",
    ace: "iam/clients:read",
    ok: 200,
    prepare: async () => ({ path: `${CLIENTS_PATH}/${await client()}` }),
  },
  {
    method: "PUT",
    route: "client (create)",
    ace: "iam/clients:write",
    ok: 201,
    prepare: async () => ({ path: `${CLIENTS_PATH}/c-${newId()}`, body: { properties: { name: "C" } } }),
  },
  {
    method: "PUT",
    route: "client (replace)",
    ace: "iam/clients:write",
    ok: 200,
    prepare: async () => {
      const id = await client();
      return {
        path: `${CLIENTS_PATH}/${id}`,
        body: { properties: { name: "R", grantTypes: ["client_credentials"] } },
        headers: await etag(`${CLIENTS_PATH}/${id}`),
      };
    },
  },
  {
    method: "PATCH",
    route: "client",
    ace: "iam/clients:write",
    ok: 200,
    prepare: async () => {
      const id = await client();
      return { path: `${CLIENTS_PATH}/${id}`, body: { name: "D" }, headers: await etag(`${CLIENTS_PATH}/${id}`) };
    },
  },
  {
    method: "DELETE",
    route: "client",
    ace: "iam/clients:delete",
    ok: 204,
    prepare: async () => ({ path: `${CLIENTS_PATH}/${await client()}` }),
  },
  {
    method: "PUT",
    route: "client roles",
    ace: "iam/clients:write",
    ok: 200,
    prepare: async () => {
      const id = await client();
      return { path: `${CLIENTS_PATH}/${id}/roles`, body: { roles: [] }, headers: await etag(`${CLIENTS_PATH}/${id}`) };
    },
  },
  {
    method: "POST",
    route: "client suspend",
    ace: "iam/clients:write",
    ok: 200,
    prepare: async () => {
      const id = await client();
      return { path: `${CLIENTS_PATH}/${id}/suspend`, headers: await etag(`${CLIENTS_PATH}/${id}`) };
    },
  },
  {
    method: "POST",
    route: "client reactivate",
    ace: "iam/clients:write",
    ok: 200,
    prepare: async () => {
      const id = await client();
      const s = await call(t, "POST", `${CLIENTS_PATH}/${id}/suspend`, {
        token: owner.token,
        headers: await etag(`${CLIENTS_PATH}/${id}`),
      });
      return { path: `${CLIENTS_PATH}/${id}/reactivate`, headers: { "If-Match": s.body.etag } };
    },
  },
  {
    method: "GET",
    route: "client secrets",
    ace: "iam/clients:read",
    ok: 200,
    prepare: async () => ({ path: `${CLIENTS_PATH}/${await client()}/secrets` }),
  },
  {
    method: "POST",
    route: "client secret (create)",
    ace: "iam/clients:write",
    ok: 201,
    prepare: async () => ({ path: `${CLIENTS_PATH}/${await client()}/secrets`, body: { description: "d" } }),
  },
  {
    method: "DELETE",
    route: "client secret",
    ace: "iam/clients:write",
    ok: 204,
    prepare: async () => {
      const id = await client();
      return { path: `${CLIENTS_PATH}/${id}/secrets/${await secretOf(id)}` };
    },
  },
  {
    method: "GET",
    route: "roles list",
    ace: "iam/roles:read",
    ok: 200,
    prepare: async () => ({ path: "/resources/iam/roles" }),
  },
  {
    method: "GET",
    route: "role",
    ace: "iam/roles:read",
    ok: 200,
    prepare: async () => ({ path: `/resources/iam/roles/${await role()}` }),
  },
  {
    method: "PUT",
    route: "role (create)",
    ace: "iam/roles:write",
    ok: 201,
    prepare: async () => ({ path: `/resources/iam/roles/walk:${newId()}`, body: { acl: { entries: [] } } }),
  },
  {
    method: "PUT",
    route: "role (replace)",
    ace: "iam/roles:write",
    ok: 200,
    prepare: async () => {
      const path = `/resources/iam/roles/${await role()}`;
      return { path, body: { description: "r", acl: [] }, headers: await etag(path) };
    },
  },
  {
    method: "DELETE",
    route: "role",
    ace: "iam/roles:delete",
    ok: 204,
    prepare: async () => ({ path: `/resources/iam/roles/${await role()}` }),
  },
  {
    method: "POST",
    route: "admin client creation",
    ace: "iam/clients:write",
    ok: 201,
    prepare: async () => ({
      path: "/iam/clients",
      body: {
        name: "A",
        redirect_uris: ["https://a.example/cb"],
        grant_types: ["authorization_code"],
        scope: "openid",
      },
    }),
  },
  { method: "GET", route: "me", ace: null, ok: 200, prepare: async () => ({ path: "/resources/me" }) },
  // Every caller below has the password PASSWORD; changing the own one needs no permission.
  {
    method: "POST",
    route: "me password",
    ace: null,
    ok: 204,
    prepare: async () => ({
      path: "/resources/me/password",
      body: { currentPassword: PASSWORD, newPassword: "Fresh-Walrus-77" },
    }),
  },
];

describe("authorization of every IAM route", () => {
  it.each(routes.map((r) => [`${r.method} ${r.route}`, r] as const))(
    "%s: 401 without/revoked token, 403 without the permission, 2xx with it and for an owner",
    async (_name, r) => {
      const iam = t.platform.services.get(iamSessionsKey);
      const revoked = await createPrincipalWithToken(t, { roles: ["system:owner"], password: PASSWORD });
      await iam.revokeSession(revoked.sessionId);
      const lacking = await createPrincipalWithToken(t, { acl: ["sendings:read", "iam/other:*"], password: PASSWORD });
      const permitted = await createPrincipalWithToken(t, { acl: r.ace ? [r.ace] : [], password: PASSWORD });
      const anOwner = await createPrincipalWithToken(t, { roles: ["system:owner"], password: PASSWORD });
      const send = async (token: string | undefined) => {
        const p = await r.prepare();
        return (await call(t, r.method, p.path, {
          ...(token ? { token } : {}),
          ...(p.body !== undefined ? { body: p.body } : {}),
          ...(p.headers ? { headers: p.headers } : {}),
        })) as { status: number; body: Json };
      };
      const statuses = {
        none: (await send(undefined)).status,
        revoked: (await send(revoked.token)).status,
        lacking: (await send(lacking.token)).status,
        permitted: (await send(permitted.token)).status,
        owner: (await send(anOwner.token)).status,
      };
      expect(statuses).toEqual({ none: 401, revoked: 401, lacking: r.ace ? 403 : r.ok, permitted: r.ok, owner: r.ok });
    },
  );

  it("a narrower token scope narrows even an owner", async () => {
    const scoped = await createPrincipalWithToken(t, { roles: ["system:owner"], scope: ["iam/roles:read"] });
    expect((await call(t, "GET", "/resources/iam/roles", { token: scoped.token })).status).toBe(200);
    expect((await call(t, "GET", PRINCIPALS_PATH, { token: scoped.token })).status).toBe(403);
  });

  it("password change: 401 without token, 403 when the token scope leaves out me", async () => {
    expect(
      (await call(t, "POST", "/resources/me/password", { body: { currentPassword: "x", newPassword: "y" } })).status,
    ).toBe(401);
    const p = await createPrincipalWithToken(t, { password: "Vivid-Otter-42", scope: ["sendings:read"] });
    expect(
      (
        await call(t, "POST", "/resources/me/password", {
          token: p.token,
          body: { currentPassword: "Vivid-Otter-42", newPassword: "Fresh-Walrus-77" },
        })
      ).status,
    ).toBe(403);
    const q = await createPrincipalWithToken(t, { password: "Vivid-Otter-42" });
    expect(
      (
        await call(t, "POST", "/resources/me/password", {
          token: q.token,
          body: { currentPassword: "Vivid-Otter-42", newPassword: "Fresh-Walrus-77" },
        })
      ).status,
    ).toBe(204);
  });
});
