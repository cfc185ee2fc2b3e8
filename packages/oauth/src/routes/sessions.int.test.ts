import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createClientWithToken, createPrincipalWithToken } from "@platform/iam/testing";
import { authorizeInBrowser, createBrowser } from "../testing/index.ts";
import {
  PASSWORD,
  REDIRECT,
  createAdmin,
  createClient,
  locationParams,
  postForm,
  testContexts,
} from "../test-support/fixtures.ts";

/** The sessions the token endpoint creates, as IAM shows them; lifetimes default and configured. */
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform(testContexts());
});
afterAll(() => t.close());

type Tokens = { access_token: string; refresh_token?: string; expires_in: number };
type Session = {
  id: string;
  type: string;
  createdAt: string;
  accessTokenExpiresAt: string;
  refreshTokenExpiresAt?: string;
  isCurrent: boolean;
  isRevoked: boolean;
  clientId: string;
  clientName: string;
  description: string;
};

/** A principal signed in through the pages and its tokens from the code grant. */
const interactiveTokens = async (p: TestPlatform) => {
  const app = await createClient(p, (await createAdmin(p)).token);
  const user = await createPrincipalWithToken(p, { password: PASSWORD, acl: ["iam/principals:read"] });
  const r = await authorizeInBrowser(
    createBrowser(p),
    {
      response_type: "code",
      client_id: app.clientId,
      redirect_uri: REDIRECT,
      scope: "iam/principals:read",
      state: "s",
    },
    { email: user.email, password: PASSWORD },
  );
  const code = locationParams(r).get("code")!;
  const res = await postForm(
    p,
    "/oauth/token",
    { grant_type: "authorization_code", code, redirect_uri: REDIRECT },
    { id: app.clientId, secret: app.secret },
  );
  expect(res.status).toBe(200);
  return { app, user, tokens: (await res.json()) as Tokens };
};
const lifetimeS = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;
const introspect = async (p: TestPlatform, token: string, client: { clientId: string; secret: string }) =>
  (await (
    await postForm(p, "/oauth/introspect", { token }, { id: client.clientId, secret: client.secret })
  ).json()) as { active: boolean; exp: number; iat: number; session_type: string };

describe("sessions created by the token endpoint", () => {
  it("lists an authorization-code session as interactive and current, with 60 min / 30 day lifetimes", async () => {
    const { app, user, tokens } = await interactiveTokens(t);
    expect(tokens.expires_in).toBe(3600);
    const r = await t.request("GET", `/resources/iam/principals/${user.principalId}/sessions`, {
      token: tokens.access_token,
    });
    expect(r.status).toBe(200);
    const oauth = ((await r.json()) as Session[]).filter((s) => s.clientId === app.clientId);
    expect(oauth).toHaveLength(1);
    const s = oauth[0]!;
    expect(s).toMatchObject({ type: "interactive", isCurrent: true, isRevoked: false });
    expect(lifetimeS(s.createdAt, s.accessTokenExpiresAt)).toBe(3600);
    expect(lifetimeS(s.createdAt, s.refreshTokenExpiresAt!)).toBe(2_592_000);
    const refresh = await introspect(t, tokens.refresh_token!, app);
    expect(refresh.exp - refresh.iat).toBe(2_592_000);
  });

  it("makes a client_credentials session of type api", async () => {
    const svc = await createClientWithToken(t, { scopes: ["graph:*"] });
    const tokens = (await (
      await postForm(t, "/oauth/token", { grant_type: "client_credentials" }, { id: svc.clientId, secret: svc.secret })
    ).json()) as Tokens;
    expect(await introspect(t, tokens.access_token, svc)).toMatchObject({ active: true, session_type: "api" });
  });

  it("takes its lifetimes from ACCESS_TOKEN_TTL_S and REFRESH_TOKEN_TTL_S", async () => {
    const other = await createTestPlatform(testContexts(), { ACCESS_TOKEN_TTL_S: "120", REFRESH_TOKEN_TTL_S: "600" });
    try {
      const { app, tokens } = await interactiveTokens(other);
      expect(tokens.expires_in).toBe(120);
      const access = await introspect(other, tokens.access_token, app);
      expect(access.exp - access.iat).toBe(120);
      const refresh = await introspect(other, tokens.refresh_token!, app);
      expect(refresh.exp - refresh.iat).toBe(600);
    } finally {
      await other.close();
    }
  });
});
