import { describe, expect, it } from "vitest";
import { call, expectError } from "@platform/http/testing";
import type { Json } from "@platform/http/testing";
import { iam, owner, t, useIamPlatform } from "./test-support/iam-platform.ts";
import { put, service, web } from "./test-support/client-fixture.ts";

useIamPlatform();

describe("clients", () => {
  it("creates with PUT (201) and arbitrary string ids, reads flat, updates with If-Match", async () => {
    const r = await put(
      "web-app.1",
      web("Web App", { scopes: ["openid", "profile", "sendings:read"], tokenEndpointAuthMethod: "client_secret_post" }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      id: "web-app.1",
      name: "Web App",
      redirectUris: ["https://app.example.com/cb", "http://localhost:3000/cb"],
      grantTypes: ["authorization_code", "refresh_token"],
      scopes: ["openid", "profile", "sendings:read"],
      tokenEndpointAuthMethod: "client_secret_post",
      type: "interactive",
      isSystem: false,
      suspendedAt: null,
    });
    expect(r.headers.get("etag")).toBe(`"${r.body.etag}"`);
    expect((await call(t, "GET", "/resources/iam/clients/web-app.1", { token: owner.token })).body).toEqual(r.body);
    expectError(await put("web-app.1", web("Renamed")), 428);
    expectError(await put("web-app.1", web("Renamed"), { "If-Match": "*" }), 400);
    expectError(await put("web-app.1", web("Renamed"), { "If-Match": '"v42"' }), 409, "CONFLICT");
    const u = await put("web-app.1", web("Renamed"), { "If-Match": r.body.etag });
    expect(u.status).toBe(200);
    expect(u.body.name).toBe("Renamed");
    const p = await call(t, "PATCH", "/resources/iam/clients/web-app.1", {
      token: owner.token,
      body: { description: "patched", redirectUris: ["com.example.app:/cb"] },
      headers: { "If-Match": u.body.etag },
    });
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ name: "Renamed", description: "patched", redirectUris: ["com.example.app:/cb"] });
  });

  it("enforces redirect URI and grant rules", async () => {
    const bad: Json[] = [
      web("x", { redirectUris: ["http://app.example.com/cb"] }),
      web("x", { redirectUris: ["https://*.example.com/cb"] }),
      web("x", { redirectUris: ["https://app.example.com/cb#x"] }),
      web("x", { redirectUris: [] }),
      web("x", { grantTypes: ["implicit"] }),
      web("x", { grantTypes: ["password"] }),
      { properties: { name: "x", grantTypes: ["client_credentials"], redirectUris: ["https://a.example/cb"] } },
      { properties: { name: "x", grantTypes: ["client_credentials"], tokenEndpointAuthMethod: "none" } },
      { properties: { name: "x", scopes: ["not a scope"] } },
      { properties: { name: "x" }, extra: 1 },
      { properties: { name: "" } },
    ];
    for (const body of bad) expectError(await put("rules", body), 400, "VALIDATION_FAILED");
    expectError(await put("bad%20id", service()), 400, "VALIDATION_FAILED");
    expectError(await call(t, "GET", "/resources/iam/clients/rules", { token: owner.token }), 404);
  });

  it("lists with type, search, includeSuspended, orderBy and paging", async () => {
    await put("svc-a", service("Alpha Batch"));
    const b = await put("svc-b", service("Beta Batch"));
    await put("int-c", web("Gamma Web"));
    await call(t, "POST", "/resources/iam/clients/svc-b/suspend", {
      token: owner.token,
      headers: { "If-Match": b.body.etag },
    });
    const list = (q: string) => call(t, "GET", `/resources/iam/clients${q}`, { token: owner.token });
    const ids = (r: { body: Json }) => (r.body.clients as Json[]).map((c) => c.id);
    expect(ids(await list("?type=service_account&search=batch"))).toEqual(["svc-a"]);
    expect(ids(await list("?type=service_account&search=batch&includeSuspended=true"))).toEqual(["svc-a", "svc-b"]);
    expect(ids(await list("?type=interactive&search=gamma"))).toEqual(["int-c"]);
    expect(ids(await list("?search=BATCH&includeSuspended=true&orderBy=name%20desc"))).toEqual(["svc-b", "svc-a"]);
    expect(ids(await list("?includeSuspended=true&orderBy=createdAt%20asc&search=a"))[0]).toBeDefined();
    const all = await list("?limit=1");
    expect(all.body.clients).toHaveLength(1);
    expect(Object.keys(all.body).sort()).toEqual(["clients", "firstCursor", "lastCursor", "totalCount"]);
    const next = await list(`?limit=1&after=${all.body.lastCursor}`);
    expect(ids(next)).not.toEqual(ids(all));
    expectError(await list("?type=robot"), 400);
    expectError(await list("?orderBy=secret"), 400);
    expectError(await list("?limit=1000"), 400);
  });

  it("shows system clients read-only", async () => {
    const portal = await call(t, "GET", "/resources/iam/clients/portal", { token: owner.token });
    expect(portal.body).toMatchObject({ id: "portal", isSystem: true, tokenEndpointAuthMethod: "none" });
    expectError(await put("portal", service(), { "If-Match": portal.body.etag }), 403, "FORBIDDEN");
    expectError(
      await call(t, "PATCH", "/resources/iam/clients/portal", {
        token: owner.token,
        body: { name: "x" },
        headers: { "If-Match": portal.body.etag },
      }),
      403,
    );
    expectError(await call(t, "DELETE", "/resources/iam/clients/portal", { token: owner.token }), 403);
    expectError(
      await call(t, "POST", "/resources/iam/clients/portal/secrets", {
        token: owner.token,
        body: { description: "x" },
      }),
      403,
    );
    const headers = { "If-Match": portal.body.etag };
    for (const [method, path, body] of [
      ["PUT", "/resources/iam/clients/portal/roles", { roles: [] }],
      ["POST", "/resources/iam/clients/portal/suspend"],
      ["POST", "/resources/iam/clients/portal/reactivate"],
      ["DELETE", "/resources/iam/clients/portal/secrets/any"],
    ] as const)
      expectError(
        await call(t, method, path, { token: owner.token, headers, ...(body ? { body } : {}) }),
        403,
        "FORBIDDEN",
      );
    expect((await call(t, "GET", "/resources/iam/clients/portal", { token: owner.token })).body).toEqual(portal.body);
    expect((await iam.getClient("portal"))?.isSystem).toBe(true);
  });
});
