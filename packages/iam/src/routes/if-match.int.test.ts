import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken, defineTestRole } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { bootIam } from "../testing/boot.ts";

let t: TestPlatform;
let owner: { token: string; principalId: string };
beforeAll(async () => {
  ({ t, owner } = await bootIam());
  await defineTestRole(t, "ifm:role", ["sendings:read"]);
});
afterAll(() => t.close());

const PRINCIPALS_PATH = "/resources/iam/principals";
const CLIENTS_PATH = "/resources/iam/clients";
const ROLES_PATH = "/resources/iam/roles";

type Target = { readonly resource: string; readonly method: string; readonly path: string; readonly body?: unknown };
type Update = { readonly name: string; readonly prepare: () => Promise<Target> };

const principal = async () => `${PRINCIPALS_PATH}/${(await createPrincipalWithToken(t, {})).principalId}`;
const suspendedPrincipal = async () => {
  const path = await principal();
  const etag = (await call(t, "GET", path, { token: owner.token })).body.etag as string;
  expect((await call(t, "POST", `${path}/suspend`, { token: owner.token, headers: { "If-Match": etag } })).status).toBe(
    200,
  );
  return path;
};
const client = async (suspended = false) => {
  const path = `${CLIENTS_PATH}/ifm-${newId()}`;
  const r = await call(t, "PUT", path, {
    token: owner.token,
    body: { properties: { name: "Ifm", grantTypes: ["client_credentials"] } },
  });
  if (suspended)
    expect(
      (await call(t, "POST", `${path}/suspend`, { token: owner.token, headers: { "If-Match": r.body.etag } })).status,
    ).toBe(200);
  return path;
};
const role = async () => {
  const key = `ifm:${newId()}`;
  await defineTestRole(t, key, []);
  return `${ROLES_PATH}/${key}`;
};

/** Every update of an identity resource: If-Match required (428 without it). */
const updates: Update[] = [
  {
    name: "PUT principal",
    prepare: async () => {
      const p = await principal();
      return {
        resource: p,
        method: "PUT",
        path: p,
        body: { properties: { name: "Changed", email: `${newId()}@ifm.test` } },
      };
    },
  },
  {
    name: "PATCH principal",
    prepare: async () => {
      const p = await principal();
      return { resource: p, method: "PATCH", path: p, body: { name: "Changed" } };
    },
  },
  {
    name: "suspend principal",
    prepare: async () => {
      const p = await principal();
      return { resource: p, method: "POST", path: `${p}/suspend` };
    },
  },
  {
    name: "reactivate principal",
    prepare: async () => {
      const p = await suspendedPrincipal();
      return { resource: p, method: "POST", path: `${p}/reactivate` };
    },
  },
  {
    name: "PUT principal roles",
    prepare: async () => {
      const p = await principal();
      return { resource: p, method: "PUT", path: `${p}/roles`, body: { roles: ["ifm:role"] } };
    },
  },
  {
    name: "PUT principal acl",
    prepare: async () => {
      const p = await principal();
      return { resource: p, method: "PUT", path: `${p}/acl`, body: { acl: ["sendings:read"] } };
    },
  },
  {
    name: "PUT client",
    prepare: async () => {
      const c = await client();
      return {
        resource: c,
        method: "PUT",
        path: c,
        body: { properties: { name: "Changed", grantTypes: ["client_credentials"] } },
      };
    },
  },
  {
    name: "PATCH client",
    prepare: async () => {
      const c = await client();
      return { resource: c, method: "PATCH", path: c, body: { description: "changed" } };
    },
  },
  {
    name: "PUT client roles",
    prepare: async () => {
      const c = await client();
      return { resource: c, method: "PUT", path: `${c}/roles`, body: { roles: ["ifm:role"] } };
    },
  },
  {
    name: "suspend client",
    prepare: async () => {
      const c = await client();
      return { resource: c, method: "POST", path: `${c}/suspend` };
    },
  },
  {
    name: "reactivate client",
    prepare: async () => {
      const c = await client(true);
      return { resource: c, method: "POST", path: `${c}/reactivate` };
    },
  },
  {
    name: "PUT role",
    prepare: async () => {
      const r = await role();
      return { resource: r, method: "PUT", path: r, body: { description: "changed", acl: ["sendings:read"] } };
    },
  },
];

describe("If-Match and ETag on every identity update", () => {
  it.each(updates.map((u) => [u.name, u] as const))(
    "%s: 428 without, 400 for *, 409 stale, 200 with the current ETag, ETag header = etag",
    async (_name, u) => {
      const target = await u.prepare();
      const read = async () => call(t, "GET", target.resource, { token: owner.token });
      const before = await read();
      expect(before.status).toBe(200);
      expect(before.headers.get("etag")).toBe(`"${before.body.etag}"`);
      const send = (headers: Record<string, string>) =>
        call(t, target.method, target.path, {
          token: owner.token,
          headers,
          ...(target.body !== undefined ? { body: target.body } : {}),
        });
      expectError(await send({}), 428, "PRECONDITION_REQUIRED");
      expectError(await send({ "If-Match": "*" }), 400, "INVALID_REQUEST");
      expectError(await send({ "If-Match": '"v999"' }), 409, "CONFLICT");
      expectError(await send({ "If-Match": '"something-else"' }), 409, "CONFLICT");
      // Nothing changed by the refused attempts.
      expect((await read()).body).toEqual(before.body);
      const ok = await send({ "If-Match": before.headers.get("etag")! });
      expect(ok.status).toBe(200);
      expect(ok.body.etag).toMatch(/^v\d+$/);
      expect(ok.body.etag).not.toBe(before.body.etag);
      expect(ok.headers.get("etag")).toBe(`"${ok.body.etag}"`);
      const after = await read();
      expect(after.headers.get("etag")).toBe(ok.headers.get("etag"));
      // The old ETag is stale now.
      expectError(await send({ "If-Match": before.headers.get("etag")! }), 409);
    },
  );

  it("accepts the bare etag field value as If-Match too", async () => {
    const p = await principal();
    const etag = (await call(t, "GET", p, { token: owner.token })).body.etag as string;
    expect(
      (await call(t, "PATCH", p, { token: owner.token, body: { name: "Bare" }, headers: { "If-Match": etag } })).status,
    ).toBe(200);
  });

  it("answers 409 for If-Match on a PUT that would create", async () => {
    expectError(
      await call(t, "PUT", `${PRINCIPALS_PATH}/${newId()}`, {
        token: owner.token,
        body: { properties: { name: "N", email: `${newId()}@ifm.test` } },
        headers: { "If-Match": '"v1"' },
      }),
      409,
      "CONFLICT",
    );
    expectError(
      await call(t, "PUT", `${CLIENTS_PATH}/ifm-new-${newId()}`, {
        token: owner.token,
        body: { properties: { name: "N" } },
        headers: { "If-Match": '"v1"' },
      }),
      409,
      "CONFLICT",
    );
    expectError(
      await call(t, "PUT", `${ROLES_PATH}/ifm:new-${newId()}`, {
        token: owner.token,
        body: { acl: [] },
        headers: { "If-Match": '"v1"' },
      }),
      409,
      "CONFLICT",
    );
  });

  it("checks If-Match on DELETE when sent (stale → 409, nothing deleted)", async () => {
    for (const path of [await principal(), await client(), await role()]) {
      const etag = (await call(t, "GET", path, { token: owner.token })).headers.get("etag")!;
      expectError(
        await call(t, "DELETE", path, { token: owner.token, headers: { "If-Match": '"v999"' } }),
        409,
        "CONFLICT",
      );
      expectError(
        await call(t, "DELETE", path, { token: owner.token, headers: { "If-Match": "*" } }),
        400,
        "INVALID_REQUEST",
      );
      expect((await call(t, "GET", path, { token: owner.token })).status).toBe(200);
      expect((await call(t, "DELETE", path, { token: owner.token, headers: { "If-Match": etag } })).status).toBe(204);
    }
  });
});
