import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import { encodeCursor } from "@platform/http";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { bootIam } from "../testing/boot.ts";
import type { Json } from "@platform/http/testing";

let t: TestPlatform;
let owner: { token: string; principalId: string };
let person: { principalId: string; etag: string };
beforeAll(async () => {
  ({ t, owner } = await bootIam());
  const p = await createPrincipalWithToken(t, { email: "keep@bad.test", password: "Vivid-Otter-42" });
  person = {
    principalId: p.principalId,
    etag: (await call(t, "GET", `/resources/iam/principals/${p.principalId}`, { token: owner.token })).body.etag,
  };
  expect(
    (
      await call(t, "PUT", "/resources/iam/clients/svc-bad", {
        token: owner.token,
        body: { properties: { name: "Svc" } },
      })
    ).status,
  ).toBe(201);
});
afterAll(() => t.close());

const NUL = "a\u0000b";
const LONE = "a\ud800b";
const PRINCIPALS_PATH = "/resources/iam/principals";

/** A journal snapshot: nothing may be appended by a refused request. */
const journalLength = async () => (await t.platform.store.readAll({ limit: 100_000 })).length;

describe("text the database cannot store is 400, never 500", () => {
  it.each([
    [
      "principal name with NUL",
      "PUT",
      `${PRINCIPALS_PATH}/${newId()}`,
      { properties: { name: NUL, email: "n1@bad.test" } },
    ],
    [
      "principal name with a lone surrogate",
      "PUT",
      `${PRINCIPALS_PATH}/${newId()}`,
      { properties: { name: LONE, email: "n2@bad.test" } },
    ],
    [
      "settings key with NUL",
      "PUT",
      `${PRINCIPALS_PATH}/${newId()}`,
      { properties: { name: "N", email: "n3@bad.test", settings: { [NUL]: 1 } } },
    ],
    [
      "nested settings value with a lone surrogate",
      "PUT",
      `${PRINCIPALS_PATH}/${newId()}`,
      { properties: { name: "N", email: "n4@bad.test", settings: { a: { b: [LONE] } } } },
    ],
    ["client name with NUL", "PUT", "/resources/iam/clients/nul-client", { properties: { name: NUL } }],
    [
      "client description with NUL",
      "PUT",
      "/resources/iam/clients/nul-client",
      { properties: { name: "x", description: NUL } },
    ],
    ["role description with NUL", "PUT", "/resources/iam/roles/nul:role", { description: NUL, acl: [] }],
    ["secret description with NUL", "POST", "/resources/iam/clients/svc-bad/secrets", { description: NUL }],
    ["admin client name with NUL", "POST", "/iam/clients", { name: NUL }],
  ])("%s", async (_label, method, path, body) => {
    const before = await journalLength();
    const r = await call(t, method, path, { token: owner.token, body });
    expectError(r, 400, "VALIDATION_FAILED");
    expect(r.body.error.details[0].message).toMatch(/NUL|surrogate/);
    expect(await journalLength()).toBe(before);
  });

  it("refuses NUL in PATCH, query parameters, path ids and forged cursors", async () => {
    const patch = await call(t, "PATCH", `${PRINCIPALS_PATH}/${person.principalId}`, {
      token: owner.token,
      body: { name: NUL },
      headers: { "If-Match": person.etag },
    });
    expectError(patch, 400, "VALIDATION_FAILED");
    // An encoded NUL anywhere in the URL is refused by the gateway (400 in the contract's shape).
    for (const q of [
      `${PRINCIPALS_PATH}?search=a%00b`,
      `${PRINCIPALS_PATH}?rolePrefix=a%00b`,
      "/resources/iam/clients?search=a%00b",
      "/resources/iam/roles?prefix=a%00b",
      "/resources/iam/roles?search=%00",
    ])
      expectError(await call(t, "GET", q, { token: owner.token }), 400);
    expectError(await call(t, "DELETE", "/resources/iam/clients/svc-bad/secrets/a%00b", { token: owner.token }), 400);
    expectError(await call(t, "GET", "/resources/iam/roles/x:a%00b", { token: owner.token }), 400);
    for (const list of [PRINCIPALS_PATH, "/resources/iam/clients", "/resources/iam/roles"])
      for (const dir of ["after", "before"])
        expectError(
          await call(t, "GET", `${list}?${dir}=${encodeCursor(["\u0000", "x"])}`, { token: owner.token }),
          400,
          "VALIDATION_FAILED",
        );
    expect(
      (await call(t, "GET", `${PRINCIPALS_PATH}/${person.principalId}`, { token: owner.token })).body,
    ).toMatchObject({ etag: person.etag, email: "keep@bad.test" });
  });
});

describe("odd ids, over-long strings and invalid values are 4xx, nothing changed", () => {
  it("answers 400 on writes and 404 on reads for malformed ids", async () => {
    const weird = ["a%20b", "%C3%A9t%C3%A9", "a%2Fb", "..", "x".repeat(129), "%3Cscript%3E"];
    for (const id of weird) {
      expect([400, 404]).toContain(
        (
          await call(t, "PUT", `/resources/iam/clients/${id}`, {
            token: owner.token,
            body: { properties: { name: "x" } },
          })
        ).status,
      );
      expectError(await call(t, "GET", `/resources/iam/clients/${id}`, { token: owner.token }), 404, "NOT_FOUND");
      expect([400, 404]).toContain(
        (
          await call(t, "PUT", `${PRINCIPALS_PATH}/${id}`, {
            token: owner.token,
            body: { properties: { name: "x", email: "x@bad.test" } },
          })
        ).status,
      );
      expectError(await call(t, "GET", `${PRINCIPALS_PATH}/${id}`, { token: owner.token }), 404, "NOT_FOUND");
      expectError(await call(t, "GET", `${PRINCIPALS_PATH}/${id}/sessions`, { token: owner.token }), 404, "NOT_FOUND");
      expect([400, 404]).toContain(
        (await call(t, "PUT", `/resources/iam/roles/${id}`, { token: owner.token, body: { acl: [] } })).status,
      );
      expectError(
        await call(t, "DELETE", `/resources/iam/clients/svc-bad/secrets/${id}`, { token: owner.token }),
        404,
        "NOT_FOUND",
      );
    }
    expectError(
      await call(t, "PUT", `/resources/iam/clients/${"x".repeat(129)}`, {
        token: owner.token,
        body: { properties: { name: "x" } },
      }),
      400,
      "VALIDATION_FAILED",
    );
    expectError(
      await call(t, "PUT", `${PRINCIPALS_PATH}/${newId()}x`, {
        token: owner.token,
        body: { properties: { name: "x", email: "x@bad.test" } },
      }),
      400,
      "VALIDATION_FAILED",
    );
  });

  it("refuses over-long strings, invalid emails, phones and pictures", async () => {
    const before = await journalLength();
    const cases: [string, string, Json][] = [
      ["PATCH", `${PRINCIPALS_PATH}/${person.principalId}`, { email: "not-an-email" }],
      ["PATCH", `${PRINCIPALS_PATH}/${person.principalId}`, { email: "a@b@c.test" }],
      ["PATCH", `${PRINCIPALS_PATH}/${person.principalId}`, { email: "" }],
      ["PATCH", `${PRINCIPALS_PATH}/${person.principalId}`, { name: "" }],
      ["PATCH", `${PRINCIPALS_PATH}/${person.principalId}`, { name: "x".repeat(201) }],
      ["PATCH", `${PRINCIPALS_PATH}/${person.principalId}`, { phone: "call me" }],
      ["PATCH", `${PRINCIPALS_PATH}/${person.principalId}`, { picture: "javascript:alert(1)" }],
      ["PATCH", `${PRINCIPALS_PATH}/${person.principalId}`, { settings: { big: "x".repeat(17_000) } }],
      ["PATCH", `${PRINCIPALS_PATH}/${person.principalId}`, { settings: [1] }],
      ["PUT", `${PRINCIPALS_PATH}/${newId()}`, { properties: { name: "x", email: "x@bad.test", settings: ["a"] } }],
      [
        "PUT",
        `${PRINCIPALS_PATH}/${newId()}`,
        { properties: { name: "x", email: "x@bad.test" }, accessAttributes: [["web"]] },
      ],
      ["PATCH", `${PRINCIPALS_PATH}/${person.principalId}`, { roles: ["system:owner"] }],
      [
        "PUT",
        `${PRINCIPALS_PATH}/${newId()}`,
        { properties: { name: "x", email: "x@bad.test" }, accessAttributes: { "bad name": ["x"] } },
      ],
      [
        "PUT",
        `${PRINCIPALS_PATH}/${newId()}`,
        { properties: { name: "x", email: "x@bad.test" }, accessAttributes: { channelKey: ["x".repeat(201)] } },
      ],
      ["PUT", "/resources/iam/clients/long-strings", { properties: { name: "x".repeat(201) } }],
      ["PUT", "/resources/iam/clients/long-strings", { properties: { name: "x", description: "x".repeat(2001) } }],
      [
        "PUT",
        "/resources/iam/clients/long-strings",
        { properties: { name: "x", redirectUris: [`https://a.example/${"x".repeat(2000)}`] } },
      ],
      ["PUT", "/resources/iam/clients/long-strings", { properties: { name: "x", scopes: ["x".repeat(201)] } }],
      [
        "PUT",
        "/resources/iam/clients/long-strings",
        { properties: { name: "x", tokenEndpointAuthMethod: "private_key_jwt" } },
      ],
      ["PUT", "/resources/iam/roles/long:strings", { description: "x".repeat(501), acl: [] }],
      ["PUT", "/resources/iam/roles/long:strings", { acl: [`${"x".repeat(201)}:read`] }],
      ["POST", "/resources/iam/clients/svc-bad/secrets", { description: "x".repeat(201) }],
      ["POST", "/resources/iam/clients/svc-bad/secrets", { description: 5 }],
      ["POST", "/iam/clients", { name: "x", scope: "x".repeat(4001) }],
      ["POST", "/iam/clients", { name: "x", redirect_uris: ["http://evil.example/cb"] }],
      ["POST", "/resources/me/password", { currentPassword: "x".repeat(257), newPassword: "Fresh-Walrus-77" }],
      ["POST", "/resources/me/password", { currentPassword: "x", newPassword: 12345678 }],
    ];
    for (const [method, path, body] of cases) {
      const r = await call(t, method, path, { token: owner.token, body, headers: { "If-Match": person.etag } });
      expect({ method, path, body, status: r.status, code: r.body?.error?.code }).toEqual({
        method,
        path,
        body,
        status: 400,
        code: "VALIDATION_FAILED",
      });
    }
    expect(await journalLength()).toBe(before);
    expect((await call(t, "GET", `${PRINCIPALS_PATH}/${person.principalId}`, { token: owner.token })).body.etag).toBe(
      person.etag,
    );
  });

  it("answers 4xx in the contract's shape for non-object bodies on every write", async () => {
    const writes: [string, string][] = [
      ["PUT", `${PRINCIPALS_PATH}/${newId()}`],
      ["PATCH", `${PRINCIPALS_PATH}/${person.principalId}`],
      ["PUT", `${PRINCIPALS_PATH}/${person.principalId}/roles`],
      ["PUT", `${PRINCIPALS_PATH}/${person.principalId}/acl`],
      ["PUT", "/resources/iam/clients/svc-bad"],
      ["PATCH", "/resources/iam/clients/svc-bad"],
      ["PUT", "/resources/iam/clients/svc-bad/roles"],
      ["POST", "/resources/iam/clients/svc-bad/secrets"],
      ["PUT", "/resources/iam/roles/shape:test"],
      ["POST", "/iam/clients"],
      ["POST", "/resources/me/password"],
    ];
    for (const [method, path] of writes) {
      for (const body of [null, "text", 42, [], true]) {
        const r = await call(t, method, path, { token: owner.token, body, headers: { "If-Match": person.etag } });
        expect({ method, path, body, status: r.status, code: r.body?.error?.code }).toEqual({
          method,
          path,
          body,
          status: 400,
          code: "VALIDATION_FAILED",
        });
      }
      expectError(
        await call(t, method, path, {
          token: owner.token,
          raw: "{",
          headers: { "Content-Type": "application/json", "If-Match": person.etag },
        }),
        400,
        "INVALID_REQUEST",
      );
      expectError(
        await call(t, method, path, {
          token: owner.token,
          raw: "a=b",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "If-Match": person.etag },
        }),
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      );
    }
  });
});
