import { describe, it } from "vitest";
import { newId } from "@platform/kernel";
import { call } from "@platform/http/testing";
import { owner, t, useIamPlatform } from "./test-support/iam-platform.ts";
import { CLIENTS_PATH, client, etag, expectAuthorization, secretOf } from "./test-support/authorization-fixture.ts";
import type { Route } from "./test-support/authorization-fixture.ts";

useIamPlatform();

/** The client routes of IAM, the ACE each needs, and how to make a fresh target for a successful call. */
const routes: Route[] = [
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
];

describe("authorization of every IAM route", () => {
  it.each(routes.map((r) => [`${r.method} ${r.route}`, r] as const))(
    "%s: 401 without/revoked token, 403 without the permission, 2xx with it and for an owner",
    async (_name, r) => expectAuthorization(r),
  );
});
