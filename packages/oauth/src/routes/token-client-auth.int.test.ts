import { describe, expect, it } from "vitest";
import { createClientWithToken } from "@platform/iam/testing";
import { createClient, postForm, suspend } from "../test-support/fixtures.ts";
import { adminToken, app, errorOf, exchange, t, useTokenPlatform } from "../test-support/token-fixture.ts";
import type { Tokens } from "../test-support/token-fixture.ts";

useTokenPlatform();

describe("client authentication and request errors", () => {
  it("answers an unknown client and a wrong secret with invalid_client (401)", async () => {
    expect(await errorOf(await exchange("x", { client_id: "nobody" }))).toEqual({
      status: 401,
      error: "invalid_client",
      error_description: "invalid client",
    });
    expect(await errorOf(await exchange("x", { client_secret: "wrong" }))).toEqual({
      status: 401,
      error: "invalid_client",
      error_description: "invalid client secret",
    });
  });

  it("sets WWW-Authenticate: Basic when Basic credentials fail", async () => {
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "client_credentials" },
      { id: app.clientId, secret: "wrong" },
    );
    expect(r.status).toBe(401);
    expect(r.headers.get("www-authenticate")).toMatch(/^Basic/);
    expect(await r.json()).toEqual({ error: "invalid_client", error_description: "invalid client secret" });
  });

  it("refuses a suspended client", async () => {
    const c = await createClient(t, adminToken);
    await suspend(t, adminToken, "clients", c.clientId);
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "refresh_token", refresh_token: "x" },
      { id: c.clientId, secret: c.secret },
    );
    expect(await errorOf(r)).toEqual({ status: 401, error: "invalid_client", error_description: "invalid client" });
  });

  it("allows only the client's grant types and known grant types", async () => {
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "client_credentials" },
      { id: app.clientId, secret: app.secret },
    );
    expect(await errorOf(r)).toEqual({
      status: 400,
      error: "unauthorized_client",
      error_description: "unsupported grant type",
    });
    expect(
      await errorOf(
        await postForm(
          t,
          "/oauth/token",
          { grant_type: "password", username: "a", password: "b" },
          { id: app.clientId, secret: app.secret },
        ),
      ),
    ).toMatchObject({ status: 400, error: "unsupported_grant_type" });
    expect(
      await errorOf(await postForm(t, "/oauth/token", {}, { id: app.clientId, secret: app.secret })),
    ).toMatchObject({ status: 400, error: "invalid_request" });
  });

  it("wants a form body", async () => {
    const r = await t.request("POST", "/oauth/token", { body: { grant_type: "client_credentials" } });
    expect(await errorOf(r)).toMatchObject({ status: 400, error: "invalid_request" });
  });
});

describe("client_credentials grant", () => {
  it("issues a token within the client's scopes, without a refresh token", async () => {
    const svc = await createClientWithToken(t, { scopes: ["iam/principals:read", "graph:*"], roles: ["system:owner"] });
    const r = await postForm(
      t,
      "/oauth/token",
      { grant_type: "client_credentials", scope: "graph/sending:query" },
      { id: svc.clientId, secret: svc.secret },
    );
    expect(r.status).toBe(200);
    const body = (await r.json()) as Tokens;
    expect(body).toMatchObject({ token_type: "Bearer", scope: "graph/sending:query" });
    expect(body).not.toHaveProperty("refresh_token");
    const all = (await (
      await postForm(t, "/oauth/token", {
        grant_type: "client_credentials",
        client_id: svc.clientId,
        client_secret: svc.secret,
      })
    ).json()) as Tokens;
    expect(all.scope).toBe("iam/principals:read graph:*");
    const unscoped = await createClientWithToken(t, { roles: ["system:owner"] });
    const full = (await (
      await postForm(
        t,
        "/oauth/token",
        { grant_type: "client_credentials" },
        { id: unscoped.clientId, secret: unscoped.secret },
      )
    ).json()) as Tokens;
    expect(full.scope).toBe("*:*"); // the owner's effective scope, as IAM formats it
    const wide = await postForm(
      t,
      "/oauth/token",
      { grant_type: "client_credentials", scope: "iam/principals:write" },
      { id: svc.clientId, secret: svc.secret },
    );
    expect(await errorOf(wide)).toMatchObject({ status: 400, error: "invalid_scope" });
  });
});
