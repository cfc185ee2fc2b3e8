import { expect } from "vitest";
import { newId } from "@platform/kernel";
import { call } from "@platform/http/testing";
import type { Json } from "@platform/http/testing";
import { createPrincipalWithToken, defineTestRole } from "../../testing/index.ts";
import { iam, owner, t } from "./iam-platform.ts";

/** The password of every caller the route walk makes; changing the own one needs no permission. */
export const PASSWORD = "Vivid-Otter-42";

export type Prepared = { path: string; body?: unknown; headers?: Record<string, string> };
/** An IAM route, the ACE it needs, its success status, and how to make a fresh target for a successful call. */
export type Route = { method: string; route: string; ace: string | null; ok: number; prepare: () => Promise<Prepared> };

export const PRINCIPALS_PATH = "/resources/iam/principals";
export const CLIENTS_PATH = "/resources/iam/clients";

export const etag = async (path: string) => ({
  "If-Match": (await call(t, "GET", path, { token: owner.token })).body.etag as string,
});
export const principal = async () => (await createPrincipalWithToken(t, {})).principalId;
export const client = async () => {
  const id = `c-${newId()}`;
  await call(t, "PUT", `/resources/iam/clients/${id}`, {
    token: owner.token,
    body: { properties: { name: "C", grantTypes: ["client_credentials"] } },
  });
  return id;
};
export const secretOf = async (id: string) =>
  (await call(t, "POST", `/resources/iam/clients/${id}/secrets`, { token: owner.token, body: { description: "s" } }))
    .body.id as string;
export const role = async () => {
  const key = `walk:${newId()}`;
  await defineTestRole(t, key, []);
  return key;
};

/** 401 without or with a revoked token, 403 without the route's permission, its success with it and for an owner. */
export const expectAuthorization = async (r: Route) => {
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
};
