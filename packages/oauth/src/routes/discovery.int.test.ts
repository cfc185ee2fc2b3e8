import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { oauthContext } from "../index.ts";

const ISSUER = "https://auth.example.com/tenant-a";
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform([staticAuthContext({}), oauthContext], { PUBLIC_URL: ISSUER });
});
afterAll(() => t.close());

describe("discovery", () => {
  it("publishes RFC 8414 and OIDC metadata with the issuer byte for byte", async () => {
    const as = await t.request("GET", "/.well-known/oauth-authorization-server");
    const oidc = await t.request("GET", "/.well-known/openid-configuration");
    expect(as.status).toBe(200);
    expect(oidc.status).toBe(200);
    const doc = (await as.json()) as Record<string, unknown>;
    expect(await oidc.json()).toEqual(doc);
    expect(doc).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/oauth/authorize`,
      token_endpoint: `${ISSUER}/oauth/token`,
      revocation_endpoint: `${ISSUER}/oauth/revoke`,
      introspection_endpoint: `${ISSUER}/oauth/introspect`,
      end_session_endpoint: `${ISSUER}/oauth/logout`,
      jwks_uri: `${ISSUER}/oauth/jwks`,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
      authorization_response_iss_parameter_supported: true,
      id_token_signing_alg_values_supported: ["ES256"],
    });
    expect(doc.grant_types_supported).toEqual(["authorization_code", "refresh_token", "client_credentials"]);
  });

  it("keeps a trailing-slash-free issuer exactly as configured", async () => {
    const other = await createTestPlatform([staticAuthContext({}), oauthContext], {
      PUBLIC_URL: "http://localhost:9999",
    });
    try {
      expect(
        ((await (await other.request("GET", "/.well-known/openid-configuration")).json()) as { issuer: string }).issuer,
      ).toBe("http://localhost:9999");
    } finally {
      await other.close();
    }
  });

  it("keeps a trailing slash of PUBLIC_URL in the issuer, and builds the endpoints without doubling it", async () => {
    const other = await createTestPlatform([staticAuthContext({}), oauthContext], {
      PUBLIC_URL: "http://localhost:9999/",
    });
    try {
      const doc = (await (await other.request("GET", "/.well-known/oauth-authorization-server")).json()) as {
        issuer: string;
        token_endpoint: string;
      };
      expect(doc.issuer).toBe("http://localhost:9999/");
      expect(doc.token_endpoint).toBe("http://localhost:9999/oauth/token");
    } finally {
      await other.close();
    }
  });

  it("serves a JWKS with the public signing key only", async () => {
    const r = await t.request("GET", "/oauth/jwks");
    expect(r.status).toBe(200);
    const { keys } = (await r.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig", kid: expect.any(String) });
    expect(keys[0]).not.toHaveProperty("d");
  });
});
