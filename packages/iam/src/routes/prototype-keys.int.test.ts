import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { bootIam } from "../testing/boot.ts";
import type { Json } from "@platform/http/testing";

/**
 * Names that are also Object.prototype's (`constructor`, `toString`,
 * `__proto__`) are names like any other, in attributes, settings, ACE resources, role keys
 * and ids: no check changes because of them and nothing is lost.
 */
const NAMES = ["constructor", "toString", "__proto__"] as const;
/**
 * `{[name]: value}` as an own property, as JSON.parse would give it (a literal `__proto__:` would set the prototype).
 */
const own = (name: string, value: unknown): Json =>
  JSON.parse(`{${JSON.stringify(name)}: ${JSON.stringify(value)}}`) as Json;

let t: TestPlatform;
let owner: { token: string; principalId: string };
beforeAll(async () => {
  ({ t, owner } = await bootIam());
});
afterAll(() => t.close());

const putPrincipal = (body: Json, token = owner.token) =>
  call(t, "PUT", `/resources/iam/principals/${newId()}`, {
    token,
    raw: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
const principalBody = (extra: Json = {}) => ({
  properties: { name: "P", email: `${newId()}@proto.test`, ...(extra.properties ?? {}) },
  ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== "properties")),
});

describe("Prototype names in access attributes", () => {
  it.each(["constructor", "toString"])("keeps a '%s' attribute on write and read", async (name) => {
    const r = await putPrincipal(principalBody({ accessAttributes: own(name, ["a"]) }));
    expect(r.status).toBe(201);
    expect(r.body.accessAttributes).toEqual(own(name, ["a"]));
    expect(
      Object.keys(
        (await call(t, "GET", `/resources/iam/principals/${r.body.id}`, { token: owner.token })).body.accessAttributes,
      ),
    ).toEqual([name]);
  });

  it("refuses '__proto__' as an attribute name with 400 naming it", async () => {
    const r = await putPrincipal(principalBody({ accessAttributes: own("__proto__", ["a"]) }));
    expectError(r, 400, "VALIDATION_FAILED");
    expect(r.body.error.details).toEqual([
      { path: "accessAttributes.__proto__", message: "must be an attribute name" },
    ]);
  });

  it.each(["constructor", "toString"])(
    "restricts a caller on '%s' like on any attribute (lists, direct access, assignment)",
    async (name) => {
      const restricted = await createPrincipalWithToken(t, {
        acl: ["iam/principals:*"],
        accessAttributes: own(name, ["a"]),
        email: `r-${name}-${newId()}@proto.test`,
      });
      const inside = await createPrincipalWithToken(t, {
        accessAttributes: own(name, ["a"]),
        email: `in-${name}-${newId()}@proto.test`,
      });
      const outside = await createPrincipalWithToken(t, {
        accessAttributes: {},
        email: `out-${name}-${newId()}@proto.test`,
      });
      const list = await call(t, "GET", `/resources/iam/principals?search=-${name}-&limit=100`, {
        token: restricted.token,
      });
      expect(list.status).toBe(200);
      expect((list.body.principals as Json[]).map((p) => p.id).sort()).toEqual(
        [restricted.principalId, inside.principalId].sort(),
      );
      expect(
        (await call(t, "GET", `/resources/iam/principals/${inside.principalId}`, { token: restricted.token })).status,
      ).toBe(200);
      expectError(
        await call(t, "GET", `/resources/iam/principals/${outside.principalId}`, { token: restricted.token }),
        403,
        "FORBIDDEN",
      );
      expectError(await putPrincipal(principalBody(), restricted.token), 403, "FORBIDDEN");
      expect((await putPrincipal(principalBody({ accessAttributes: own(name, ["a"]) }), restricted.token)).status).toBe(
        201,
      );
    },
  );
});

describe("Prototype names in settings, ACEs, role keys, ids and sort fields", () => {
  it.each(NAMES)("keeps a '%s' setting through PUT and PATCH", async (name) => {
    const r = await putPrincipal(principalBody({ properties: { settings: own(name, 1) } }));
    expect(r.status).toBe(201);
    expect(r.body.settings).toEqual(own(name, 1));
    const patch = (settings: Json, etag: string) =>
      call(t, "PATCH", `/resources/iam/principals/${r.body.id}`, {
        token: owner.token,
        raw: JSON.stringify({ settings }),
        headers: { "Content-Type": "application/json", "If-Match": etag },
      });
    const changed = await patch(own(name, 2), r.body.etag);
    expect(changed.status).toBe(200);
    expect(changed.body.settings).toEqual(own(name, 2));
    expect(Object.getPrototypeOf(changed.body.settings)).toBe(Object.prototype);
    const removed = await patch(own(name, null), changed.body.etag);
    expect(removed.body.settings).toEqual({});
  });

  it.each(NAMES)("keeps '%s' as an ACE resource and in a role key, and grants exactly that", async (name) => {
    const role = `${name.replace(/_/g, "x").toLowerCase()}:reader-${newId().slice(-6)}`;
    const defined = await call(t, "PUT", `/resources/iam/roles/${role}`, {
      token: owner.token,
      body: { acl: [`${name}:read`, "iam/principals:read"] },
    });
    expect(defined.status).toBe(201);
    expect(defined.body.acl).toEqual({
      entries: [
        { resource: name, permission: "read" },
        { resource: "iam/principals", permission: "read" },
      ],
    });
    const p = await createPrincipalWithToken(t, { roles: [role], acl: [`${name}/sub:write`] });
    const me = await call(t, "GET", "/resources/me", { token: p.token });
    expect([...me.body.scope].sort()).toEqual([`${name}:read`, `${name}/sub:write`, "iam/principals:read"].sort());
    expect((await call(t, "GET", `/resources/iam/principals/${p.principalId}`, { token: p.token })).status).toBe(200);
    expectError(await call(t, "GET", "/resources/iam/clients", { token: p.token }), 403, "FORBIDDEN");
  });

  it.each(NAMES)("accepts '%s' as a client id (it names no built-in client)", async (name) => {
    const put = await call(t, "PUT", `/resources/iam/clients/${name}`, {
      token: owner.token,
      body: {
        properties: {
          name,
          redirectUris: [],
          grantTypes: ["client_credentials"],
          scopes: [],
          tokenEndpointAuthMethod: "client_secret_basic",
        },
      },
    });
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({ id: name, isSystem: false });
    expect((await call(t, "GET", `/resources/iam/clients/${name}`, { token: owner.token })).body.id).toBe(name);
    expect(
      (await call(t, "POST", `/resources/iam/clients/${name}/secrets`, { token: owner.token, body: {} })).status,
    ).toBe(201);
    expect((await call(t, "DELETE", `/resources/iam/clients/${name}`, { token: owner.token })).status).toBe(204);
  });

  it.each(NAMES)("answers orderBy=%s with 400, not a sort by whatever the name resolves to", async (name) => {
    for (const path of ["principals", "clients"]) {
      const r = await call(t, "GET", `/resources/iam/${path}?orderBy=${name}`, { token: owner.token });
      expectError(r, 400, "VALIDATION_FAILED");
    }
  });
});
