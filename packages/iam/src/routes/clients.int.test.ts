import { OUTBOUND_LOCAL_HINT } from "@platform/outbound";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { iamSessionsKey } from "../service.ts";
import type { IamService } from "../service.ts";
import { createPrincipalWithToken } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { bootIam } from "../testing/boot.ts";
import type { Json } from "@platform/http/testing";

/** The refusal of a back-channel logout URI at an internal address. */
const INTERNAL = `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`;

let t: TestPlatform;
let owner: { token: string; principalId: string };
let iam: IamService;
beforeAll(async () => {
  ({ t, owner } = await bootIam());
  iam = t.platform.services.get(iamSessionsKey);
});
afterAll(() => t.close());

const put = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  call(t, "PUT", `/resources/iam/clients/${id}`, { token: owner.token, body, headers });
const web = (name = "Web App", extra: Json = {}) => ({
  properties: {
    name,
    redirectUris: ["https://app.example.com/cb", "http://localhost:3000/cb"],
    grantTypes: ["authorization_code", "refresh_token"],
    ...extra,
  },
});
const service = (name = "Batch") => ({
  properties: { name, grantTypes: ["client_credentials"], scopes: ["sendings:write"] },
});

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

  it("manages secrets: shown once, SHA-256 stored, lastUsedAt, expiry, deletion invalidates at once", async () => {
    const c = await put("svc-secrets", service());
    const created = await call(t, "POST", "/resources/iam/clients/svc-secrets/secrets", {
      token: owner.token,
      body: { description: "ci" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      description: "ci",
      expiresAt: null,
      lastUsedAt: null,
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const secret = created.body.secret as string;
    const stored = await t.platform.db.pool.query<{ secret_hash: string }>(
      "SELECT secret_hash FROM iam_client_secrets WHERE id = $1",
      [created.body.id],
    );
    expect(stored.rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]!.secret_hash).not.toContain(secret);
    const listed = await call(t, "GET", "/resources/iam/clients/svc-secrets/secrets", { token: owner.token });
    expect(listed.body).toEqual([
      { id: created.body.id, description: "ci", createdAt: created.body.createdAt, expiresAt: null, lastUsedAt: null },
    ]);
    await expect(iam.authenticateClient("svc-secrets", secret)).resolves.toMatchObject({ id: "svc-secrets" });
    expect(
      (await call(t, "GET", "/resources/iam/clients/svc-secrets/secrets", { token: owner.token })).body[0].lastUsedAt,
    ).toEqual(expect.any(String));
    await expect(iam.authenticateClient("svc-secrets", "wrong")).rejects.toMatchObject({
      message: "invalid client secret",
    });
    await expect(iam.authenticateClient("nope", secret)).rejects.toMatchObject({ message: "invalid client" });
    const stale = await call(t, "POST", "/resources/iam/clients/svc-secrets/secrets", {
      token: owner.token,
      body: { description: "x" },
      headers: { "If-Match": c.body.etag },
    });
    expectError(stale, 409, "CONFLICT");
    expectError(
      await call(t, "POST", "/resources/iam/clients/svc-secrets/secrets", {
        token: owner.token,
        body: { description: "x", expiresAt: "2001-01-01T00:00:00Z" },
      }),
      400,
    );
    expectError(
      await call(t, "POST", "/resources/iam/clients/svc-secrets/secrets", {
        token: owner.token,
        body: { description: "x", expiresAt: "tomorrow" },
      }),
      400,
    );
    const soon = await call(t, "POST", "/resources/iam/clients/svc-secrets/secrets", {
      token: owner.token,
      body: { description: "short", expiresAt: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(soon.status).toBe(201);
    await t.platform.db.pool.query(
      "UPDATE iam_client_secrets SET expires_at = now() - interval '1 second' WHERE id = $1",
      [soon.body.id],
    );
    await expect(iam.authenticateClient("svc-secrets", soon.body.secret)).rejects.toMatchObject({
      message: "invalid client secret",
    });
    expect(
      (await call(t, "DELETE", `/resources/iam/clients/svc-secrets/secrets/${created.body.id}`, { token: owner.token }))
        .status,
    ).toBe(204);
    await expect(iam.authenticateClient("svc-secrets", secret)).rejects.toMatchObject({
      message: "invalid client secret",
    });
    expectError(
      await call(t, "DELETE", `/resources/iam/clients/svc-secrets/secrets/${created.body.id}`, { token: owner.token }),
      404,
    );
  });

  it("suspends (invalid client, sessions revoked) and deletes a client with its secrets", async () => {
    const c = await put("svc-del", { ...service(), roles: ["system:portal:full"] });
    const s = await call(t, "POST", "/resources/iam/clients/svc-del/secrets", {
      token: owner.token,
      body: { description: "x" },
    });
    const session = await iam.issueSession({
      subject: { kind: "client", id: "svc-del" },
      clientId: "svc-del",
      type: "api",
      withRefresh: false,
    });
    expect((await call(t, "GET", "/resources/iam/roles", { token: session.accessToken })).status).toBe(200);
    const sus = await call(t, "POST", "/resources/iam/clients/svc-del/suspend", {
      token: owner.token,
      headers: {
        "If-Match": (await call(t, "GET", "/resources/iam/clients/svc-del", { token: owner.token })).body.etag,
      },
    });
    expect(sus.status).toBe(200);
    expectError(await call(t, "GET", "/resources/iam/roles", { token: session.accessToken }), 401);
    await expect(iam.authenticateClient("svc-del", s.body.secret)).rejects.toMatchObject({ message: "invalid client" });
    const re = await call(t, "POST", "/resources/iam/clients/svc-del/reactivate", {
      token: owner.token,
      headers: { "If-Match": sus.body.etag },
    });
    expect(re.status).toBe(200);
    await expect(iam.authenticateClient("svc-del", s.body.secret)).resolves.toBeTruthy();
    const roles = await call(t, "PUT", "/resources/iam/clients/svc-del/roles", {
      token: owner.token,
      body: { roles: [] },
      headers: { "If-Match": re.body.etag },
    });
    expect(roles.body.roles).toEqual([]);
    expect(c.status).toBe(201);
    expect((await call(t, "DELETE", "/resources/iam/clients/svc-del", { token: owner.token })).status).toBe(204);
    expectError(await call(t, "GET", "/resources/iam/clients/svc-del", { token: owner.token }), 404);
    const left = await t.platform.db.pool.query("SELECT 1 FROM iam_client_secrets WHERE client_id = 'svc-del'");
    expect(left.rows).toHaveLength(0);
    await expect(iam.authenticateClient("svc-del", s.body.secret)).rejects.toMatchObject({ message: "invalid client" });
  });

  it("does not let a limited administrator mint a secret for (or change) a stronger client", async () => {
    await put("svc-strong", { ...service(), roles: ["system:owner"] });
    const admin = await createPrincipalWithToken(t, { acl: ["iam/clients:*"] });
    expectError(
      await call(t, "POST", "/resources/iam/clients/svc-strong/secrets", {
        token: admin.token,
        body: { description: "mine" },
      }),
      403,
    );
    expectError(await call(t, "DELETE", "/resources/iam/clients/svc-strong", { token: admin.token }), 403);
    expect((await call(t, "GET", "/resources/iam/clients/svc-strong/secrets", { token: admin.token })).body).toEqual(
      [],
    );
  });

  it("revokes the sessions a client opened for principals when it is suspended", async () => {
    const c = await put("web-sus", web("Web"));
    const p = await createPrincipalWithToken(t, {});
    const s = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: "web-sus",
      type: "interactive",
      withRefresh: true,
    });
    expect((await call(t, "GET", "/resources/me", { token: s.accessToken })).status).toBe(200);
    expect(
      (
        await call(t, "POST", "/resources/iam/clients/web-sus/suspend", {
          token: owner.token,
          headers: { "If-Match": c.body.etag },
        })
      ).status,
    ).toBe(200);
    expectError(await call(t, "GET", "/resources/me", { token: s.accessToken }), 401);
    await expect(iam.refresh(s.refreshToken!)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await call(t, "GET", "/resources/me", { token: p.token })).status).toBe(200);
  });

  it("lets an administrator create a client at POST /iam/clients with a one-time secret", async () => {
    const r = await call(t, "POST", "/iam/clients", {
      token: owner.token,
      body: {
        name: "Partner App",
        redirect_uris: ["https://partner.example/cb"],
        grant_types: ["authorization_code", "refresh_token"],
      },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      client_id: expect.any(String),
      client_secret: expect.any(String),
      name: "Partner App",
      redirect_uris: ["https://partner.example/cb"],
      type: "interactive",
    });
    expect(r.body).toMatchObject({
      client_name: "Partner App",
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "client_secret_basic",
      scope: "",
      id: r.body.client_id,
    });
    expect(r.headers.get("etag")).toBe(`"${r.body.etag}"`);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const read = await call(t, "GET", `/resources/iam/clients/${r.body.client_id}`, { token: owner.token });
    expect(JSON.stringify(read.body)).not.toContain(r.body.client_secret);
    await expect(iam.authenticateClient(r.body.client_id, r.body.client_secret)).resolves.toMatchObject({
      name: "Partner App",
    });
    const sa = await call(t, "POST", "/iam/clients", {
      token: owner.token,
      body: { name: "Robot", grant_types: ["client_credentials"], scope: "sendings:write" },
    });
    expect(sa.body).toMatchObject({
      type: "service_account",
      redirect_uris: [],
      grant_types: ["client_credentials"],
      scope: "sendings:write",
      client_secret: expect.any(String),
    });
    expectError(
      await call(t, "POST", "/iam/clients", { token: owner.token, body: { name: "x", extra: 1 } }),
      400,
      "VALIDATION_FAILED",
    );
    expect(
      (await call(t, "GET", `/resources/iam/clients/${r.body.client_id}/secrets`, { token: owner.token })).body,
    ).toHaveLength(1);
    const pub = await call(t, "POST", "/iam/clients", {
      token: owner.token,
      body: {
        name: "SPA",
        redirect_uris: ["https://spa.example/cb"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "none",
      },
    });
    expect(pub.body).toMatchObject({ client_secret: null, tokenEndpointAuthMethod: "none" });
    expectError(
      await call(t, "POST", "/iam/clients", {
        token: owner.token,
        body: { name: "x", redirect_uris: ["https://x.example/cb"], grant_types: ["implicit"] },
      }),
      400,
    );
    expectError(
      await call(t, "POST", "/iam/clients", {
        token: owner.token,
        body: { name: "x", redirect_uris: "https://x.example/cb" },
      }),
      400,
    );
  });

  it("takes a back-channel logout URI only to a public https address, and clears it with null", async () => {
    const r = await put(
      "bcl",
      web("BCL", {
        backchannelLogoutUri: "https://app.example.com/backchannel-logout",
        backchannelLogoutSessionRequired: true,
      }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      backchannelLogoutUri: "https://app.example.com/backchannel-logout",
      backchannelLogoutSessionRequired: true,
    });
    const refused: [Json, string][] = [
      [web("x", { backchannelLogoutUri: "http://app.example.com/bcl" }), `must be an https URL${OUTBOUND_LOCAL_HINT}`],
      [web("x", { backchannelLogoutUri: "https://127.0.0.1/bcl" }), INTERNAL],
      [web("x", { backchannelLogoutUri: "https://169.254.169.254/latest" }), INTERNAL],
      [web("x", { backchannelLogoutUri: "https://localhost:8443/bcl" }), INTERNAL],
      [web("x", { backchannelLogoutUri: "https://[fd00::1]/bcl" }), INTERNAL],
      [
        {
          properties: {
            name: "x",
            grantTypes: ["client_credentials"],
            backchannelLogoutUri: "https://app.example.com/bcl",
          },
        },
        "back-channel logout is for clients that sign users in (authorization_code)",
      ],
    ];
    for (const [body, message] of refused) {
      const res = await put("bcl-refused", body);
      expectError(res, 400, "VALIDATION_FAILED");
      expect(res.body.error.details).toEqual([{ path: "properties.backchannelLogoutUri", message }]);
    }
    expectError(await call(t, "GET", "/resources/iam/clients/bcl-refused", { token: owner.token }), 404);
    const patched = await call(t, "PATCH", "/resources/iam/clients/bcl", {
      token: owner.token,
      body: { backchannelLogoutUri: "http://10.0.0.5/bcl" },
      headers: { "If-Match": r.body.etag },
    });
    expectError(patched, 400, "VALIDATION_FAILED");
    expect(patched.body.error.details).toEqual([
      { path: "backchannelLogoutUri", message: `must be an https URL${OUTBOUND_LOCAL_HINT}` },
    ]);
    const cleared = await call(t, "PATCH", "/resources/iam/clients/bcl", {
      token: owner.token,
      body: { backchannelLogoutUri: null },
      headers: { "If-Match": r.body.etag },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ backchannelLogoutUri: null, backchannelLogoutSessionRequired: false });
    const admin = await call(t, "POST", "/iam/clients", {
      token: owner.token,
      body: {
        name: "RP",
        redirect_uris: ["https://rp.example/cb"],
        backchannel_logout_uri: "https://rp.example/logout",
      },
    });
    expect(admin.body).toMatchObject({
      backchannelLogoutUri: "https://rp.example/logout",
      backchannel_logout_uri: "https://rp.example/logout",
      backchannel_logout_session_required: false,
    });
    const bad = await call(t, "POST", "/iam/clients", {
      token: owner.token,
      body: {
        name: "RP",
        redirect_uris: ["https://rp.example/cb"],
        backchannel_logout_uri: "https://192.168.0.1/logout",
      },
    });
    expectError(bad, 400, "VALIDATION_FAILED");
    const message = INTERNAL;
    expect(bad.body.error.details).toEqual([{ path: "backchannel_logout_uri", message }]);
  });
});
