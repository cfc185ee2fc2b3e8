import { describe, it } from "vitest";
import { newId } from "@platform/kernel";
import { createPrincipalWithToken } from "../testing/index.ts";
import { call } from "@platform/http/testing";
import { owner, t, useIamPlatform } from "./test-support/iam-platform.ts";
import { PRINCIPALS_PATH, etag, expectAuthorization, principal } from "./test-support/authorization-fixture.ts";
import type { Route } from "./test-support/authorization-fixture.ts";

useIamPlatform();

/** The principal routes of IAM, the ACE each needs, and how to make a fresh target for a successful call. */
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
];

describe("authorization of every IAM route", () => {
  it.each(routes.map((r) => [`${r.method} ${r.route}`, r] as const))(
    "%s: 401 without/revoked token, 403 without the permission, 2xx with it and for an owner",
    async (_name, r) => expectAuthorization(r),
  );
});
