import { expect } from "vitest";
import { newId } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken, iamTestContext } from "@platform/iam/testing";
import { createOAuthContext } from "../index.ts";
import type { OAuthOptionsInput } from "../options.ts";
import type { ThrottleOptions } from "@platform/iam";

export const PASSWORD = "Correct-Horse-42";
export const REDIRECT = "https://app.example.test/callback";

/** IAM (cheap argon2; `throttle` tunes its password throttle) and OAuth, in dependency order. */
export const testContexts = (oauth: OAuthOptionsInput & { readonly throttle?: Partial<ThrottleOptions> } = {}) => {
  const { throttle, ...rest } = oauth;
  return [iamTestContext(throttle ? { throttle } : {}), createOAuthContext(rest)];
};

/** An owner principal with a password login and a token, to administer clients and principals over REST. */
export const createAdmin = (t: TestPlatform) =>
  createPrincipalWithToken(t, { roles: ["system:owner"], password: PASSWORD, email: `admin-${newId()}@example.test` });

export type ClientSpec = {
  readonly id?: string;
  readonly redirectUris?: readonly string[];
  readonly grantTypes?: readonly string[];
  readonly scopes?: readonly string[];
  readonly tokenEndpointAuthMethod?: "client_secret_basic" | "client_secret_post" | "none";
  readonly roles?: readonly string[];
  readonly backchannelLogoutUri?: string;
};

/** Creates a client through IAM's REST API (PUT + POST secret) and returns its id and secret. */
export const createClient = async (t: TestPlatform, adminToken: string, spec: ClientSpec = {}) => {
  const id = spec.id ?? `app-${newId()}`;
  const put = await t.request("PUT", `/resources/iam/clients/${id}`, {
    token: adminToken,
    body: {
      properties: {
        name: `App ${id.slice(-4)}`,
        redirectUris: spec.redirectUris ?? [REDIRECT],
        grantTypes: spec.grantTypes ?? ["authorization_code", "refresh_token"],
        scopes: spec.scopes ?? ["openid", "profile", "email", "iam/principals:read", "graph:*"],
        tokenEndpointAuthMethod: spec.tokenEndpointAuthMethod ?? "client_secret_basic",
        ...(spec.backchannelLogoutUri ? { backchannelLogoutUri: spec.backchannelLogoutUri } : {}),
      },
      roles: spec.roles ?? [],
    },
  });
  expect(put.status, await put.clone().text()).toBe(201);
  if (spec.tokenEndpointAuthMethod === "none") return { clientId: id, secret: "" };
  const s = await t.request("POST", `/resources/iam/clients/${id}/secrets`, {
    token: adminToken,
    body: { description: "test" },
  });
  expect(s.status).toBe(201);
  return { clientId: id, secret: ((await s.json()) as { secret: string }).secret };
};

/** Suspends a principal or client over REST (`kind` is the path segment). */
export const suspend = async (t: TestPlatform, adminToken: string, kind: "principals" | "clients", id: string) => {
  const get = await t.request("GET", `/resources/iam/${kind}/${id}`, { token: adminToken });
  const r = await t.request("POST", `/resources/iam/${kind}/${id}/suspend`, {
    token: adminToken,
    headers: { "If-Match": get.headers.get("etag")! },
  });
  expect(r.status).toBe(200);
};

/** HTTP Basic credentials of a client: id and secret form-encoded first (RFC 6749 2.3.1), then base64. */
const basicAuthorization = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

/** A form-encoded POST, optionally with HTTP Basic client credentials. */
export const postForm = (
  t: TestPlatform,
  path: string,
  form: Record<string, string>,
  basic?: { id: string; secret: string },
) =>
  t.request("POST", path, {
    raw: new URLSearchParams(form).toString(),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(basic ? { Authorization: basicAuthorization(basic.id, basic.secret) } : {}),
    },
  });

/** The query parameters of a redirect's Location. */
export const locationParams = (res: Response): URLSearchParams => new URL(res.headers.get("location")!).searchParams;
