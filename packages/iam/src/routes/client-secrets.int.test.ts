import { describe, expect, it } from "vitest";
import { call, expectError } from "@platform/http/testing";
import { iam, owner, t, useIamPlatform } from "./test-support/iam-platform.ts";
import { put, service } from "./test-support/client-fixture.ts";

useIamPlatform();

describe("clients", () => {
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
});
