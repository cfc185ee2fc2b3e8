import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { call, expectError } from "@platform/http/testing";
import { bootIam, principalBody } from "../testing/boot.ts";

let t: TestPlatform;
let owner: { token: string; principalId: string };
beforeAll(async () => {
  ({ t, owner } = await bootIam());
});
afterAll(() => t.close());

const put = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  call(t, "PUT", `/resources/iam/principals/${id}`, { token: owner.token, body, headers });

describe("principals: PUT, GET, PATCH", () => {
  it("creates with PUT (201, ETag) and reads flat properties", async () => {
    const id = newId();
    const r = await put(
      id,
      principalBody("ann@example.com", {
        roles: ["system:portal:full"],
        acl: ["sendings:read"],
        accessAttributes: { channelKey: ["web"] },
        properties: { phone: "+49 30 1234", settings: { theme: "dark" } },
      }),
    );
    expect(r.status).toBe(201);
    expect(r.headers.get("etag")).toBe(`"${r.body.etag}"`);
    expect(r.body).toMatchObject({
      id,
      name: "Ann Example",
      email: "ann@example.com",
      phone: "+49301234",
      settings: { theme: "dark" },
      roles: ["system:portal:full"],
      acl: { entries: [{ resource: "sendings", permission: "read" }] },
      accessAttributes: { channelKey: ["web"] },
      suspendedAt: null,
      passwordLogin: false,
      passwordExpiresAt: null,
    });
    const g = await call(t, "GET", `/resources/iam/principals/${id}`, { token: owner.token });
    expect(g.status).toBe(200);
    expect(g.headers.get("etag")).toBe(r.headers.get("etag"));
    expect(g.body).toEqual(r.body);
  });

  it("requires If-Match to update (428), refuses * (400) and stale (409), then updates (200)", async () => {
    const id = newId();
    const created = await put(id, principalBody("bob@example.com"));
    expectError(await put(id, principalBody("bob@example.com")), 428, "PRECONDITION_REQUIRED");
    expectError(await put(id, principalBody("bob@example.com"), { "If-Match": "*" }), 400, "INVALID_REQUEST");
    expectError(await put(id, principalBody("bob@example.com"), { "If-Match": '"v99"' }), 409, "CONFLICT");
    const updated = await put(id, principalBody("bob2@example.com", { properties: { name: "Bob" } }), {
      "If-Match": created.headers.get("etag")!,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Bob", email: "bob2@example.com" });
    expect(updated.body.etag).not.toBe(created.body.etag);
    expectError(
      await put(id, principalBody("bob3@example.com"), { "If-Match": created.headers.get("etag")! }),
      409,
      "CONFLICT",
    );
  });

  it("appends nothing for a write that changes nothing (the ETag stays)", async () => {
    const id = newId();
    const created = await put(id, principalBody("same@example.com", { roles: ["system:portal:full"] }));
    const again = await put(id, principalBody("same@example.com", { roles: ["system:portal:full"] }), {
      "If-Match": created.body.etag,
    });
    expect(again.status).toBe(200);
    expect(again.body.etag).toBe(created.body.etag);
  });

  it("PATCH merges settings and changes flat fields", async () => {
    const id = newId();
    const created = await put(id, principalBody("carl@example.com", { properties: { settings: { a: 1, b: 2 } } }));
    const noMatch = await call(t, "PATCH", `/resources/iam/principals/${id}`, {
      token: owner.token,
      body: { name: "Carl" },
    });
    expectError(noMatch, 428, "PRECONDITION_REQUIRED");
    const r = await call(t, "PATCH", `/resources/iam/principals/${id}`, {
      token: owner.token,
      body: { name: "Carl", settings: { b: 3, c: 4, a: null } },
      headers: { "If-Match": created.body.etag },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: "Carl", email: "carl@example.com", settings: { b: 3, c: 4 } });
    expect(r.body.settings).not.toHaveProperty("a");
    expect(r.headers.get("etag")).toBe(`"${r.body.etag}"`);
  });

  it("keeps email (case-insensitive) and phone unique", async () => {
    await put(newId(), principalBody("dup@example.com", { properties: { phone: "+1 555 0100" } }));
    const dupEmail = await put(newId(), principalBody("DUP@Example.com"));
    expectError(dupEmail, 409, "EMAIL_NOT_UNIQUE");
    const dupPhone = await put(newId(), principalBody("other@example.com", { properties: { phone: "+1 555 0100" } }));
    expectError(dupPhone, 409, "PHONE_NOT_UNIQUE");
    const id = newId();
    const e = await put(id, principalBody("free@example.com"));
    const patch = await call(t, "PATCH", `/resources/iam/principals/${id}`, {
      token: owner.token,
      body: { email: "Dup@example.com" },
      headers: { "If-Match": e.body.etag },
    });
    expectError(patch, 409, "EMAIL_NOT_UNIQUE");
  });

  it(
    "answers EMAIL_NOT_UNIQUE / PHONE_NOT_UNIQUE when PUT or PATCH changes to a taken value, " + "and changes nothing",
    async () => {
      await put(newId(), principalBody("taken@example.com", { properties: { phone: "+44 20 7946 0000" } }));
      const id = newId();
      const mine = await put(id, principalBody("mine@example.com", { properties: { phone: "+44 20 7946 0001" } }));
      const etag = mine.body.etag as string;
      const attempts = [
        await put(id, principalBody("TAKEN@example.com", { properties: { phone: "+44 20 7946 0001" } }), {
          "If-Match": etag,
        }),
        await put(id, principalBody("mine@example.com", { properties: { phone: "+44 20 7946 0000" } }), {
          "If-Match": etag,
        }),
        await call(t, "PATCH", `/resources/iam/principals/${id}`, {
          token: owner.token,
          body: { email: "taken@EXAMPLE.com" },
          headers: { "If-Match": etag },
        }),
        await call(t, "PATCH", `/resources/iam/principals/${id}`, {
          token: owner.token,
          body: { phone: "+44 20 7946 0000" },
          headers: { "If-Match": etag },
        }),
      ];
      expect(
        attempts.map((r) => [
          r.status,
          r.body.error.code,
          Object.keys(r.body.error)
            .filter((k) => k !== "details")
            .sort(),
        ]),
      ).toEqual([
        [409, "EMAIL_NOT_UNIQUE", ["code", "message"]],
        [409, "PHONE_NOT_UNIQUE", ["code", "message"]],
        [409, "EMAIL_NOT_UNIQUE", ["code", "message"]],
        [409, "PHONE_NOT_UNIQUE", ["code", "message"]],
      ]);
      expect((await call(t, "GET", `/resources/iam/principals/${id}`, { token: owner.token })).body).toEqual(mine.body);
      // Its own values (in another case) are not a conflict; a freed phone can be taken.
      const same = await call(t, "PATCH", `/resources/iam/principals/${id}`, {
        token: owner.token,
        body: { email: "MINE@example.com", phone: null },
        headers: { "If-Match": etag },
      });
      expect(same.status).toBe(200);
      const other = await put(
        newId(),
        principalBody("third@example.com", { properties: { phone: "+44 20 7946 0001" } }),
      );
      expect(other.status).toBe(201);
    },
  );

  it("lets exactly one of two concurrent creations with the same email win", async () => {
    const results = await Promise.all([
      put(newId(), principalBody("race@example.com")),
      put(newId(), principalBody("RACE@example.com")),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe("EMAIL_NOT_UNIQUE");
    const list = await call(t, "GET", "/resources/iam/principals?search=race@", { token: owner.token });
    expect(list.body.totalCount).toBe(1);
  });

  it("refuses bad input with 4xx and changes nothing", async () => {
    const id = newId();
    const bad = [
      { properties: { name: "X", email: "not-an-email" } },
      { properties: { name: "X", email: "x@example.com" }, extra: true },
      { properties: { name: "X", email: "x@example.com", unknown: 1 } },
      { properties: { name: "x".repeat(201), email: "x@example.com" } },
      { properties: { name: "X", email: `${"a".repeat(320)}@example.com` } },
      { properties: { name: 5, email: "x@example.com" } },
      { properties: { name: "X", email: "x@example.com" }, roles: "system:owner" },
      { properties: { name: "X", email: "x@example.com" }, roles: ["no-such:role"] },
      { properties: { name: "X", email: "x@example.com" }, acl: ["not an ace"] },
      { properties: { name: "X", email: "x@example.com" }, accessAttributes: { channelKey: "web" } },
      [],
    ];
    for (const body of bad) expectError(await put(id, body), 400, "VALIDATION_FAILED");
    expectError(
      await call(t, "PUT", `/resources/iam/principals/${id}`, {
        token: owner.token,
        raw: "{nope",
        headers: { "Content-Type": "application/json" },
      }),
      400,
      "INVALID_REQUEST",
    );
    expectError(
      await call(t, "PUT", `/resources/iam/principals/${id}`, {
        token: owner.token,
        raw: "x",
        headers: { "Content-Type": "text/plain" },
      }),
      415,
    );
    expectError(await put("not-a-uuid", principalBody("x@example.com")), 400, "VALIDATION_FAILED");
    expectError(
      await call(t, "GET", "/resources/iam/principals/..%2F..%2Fetc", { token: owner.token }),
      404,
      "NOT_FOUND",
    );
    expectError(await call(t, "GET", `/resources/iam/principals/${id}`, { token: owner.token }), 404, "NOT_FOUND");
  });

  it("deletes (204), refuses to delete itself (403) and frees the email", async () => {
    const id = newId();
    await put(id, principalBody("gone@example.com"));
    const self = await call(t, "DELETE", `/resources/iam/principals/${owner.principalId}`, { token: owner.token });
    expectError(self, 403, "FORBIDDEN");
    expect(self.body.error.message).toBe("Cannot delete your own principal");
    expect((await call(t, "DELETE", `/resources/iam/principals/${id}`, { token: owner.token })).status).toBe(204);
    expectError(await call(t, "GET", `/resources/iam/principals/${id}`, { token: owner.token }), 404);
    expectError(await call(t, "DELETE", `/resources/iam/principals/${id}`, { token: owner.token }), 404);
    expect((await put(newId(), principalBody("gone@example.com"))).status).toBe(201);
  });
});
