import * as v from "valibot";
import { DomainError, parseAce } from "@platform/kernel";
import type { ValidationIssue } from "@platform/kernel";
import type { ClientProperties, GrantType, TokenEndpointAuthMethod } from "./events.ts";
import { outboundUrlProblem } from "@platform/outbound";
import { redirectUriProblem } from "./redirect-uris.ts";

export const GRANT_TYPES = ["authorization_code", "refresh_token", "client_credentials", "implicit"] as const;
export const AUTH_METHODS = ["client_secret_post", "client_secret_basic", "none"] as const;
const OIDC_SCOPES = new Set(["openid", "profile", "email", "phone", "offline_access"]);

export const ClientInputSchema = {
  name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, "must not be empty"),
    v.maxLength(200, "must be at most 200 characters"),
  ),
  description: v.pipe(v.string(), v.maxLength(2000, "must be at most 2000 characters")),
  redirectUris: v.pipe(v.array(v.pipe(v.string(), v.maxLength(2000))), v.maxLength(50)),
  grantTypes: v.pipe(v.array(v.picklist(GRANT_TYPES)), v.maxLength(4)),
  scopes: v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(200))), v.maxLength(100)),
  tokenEndpointAuthMethod: v.picklist(AUTH_METHODS),
  backchannelLogoutUri: v.nullable(
    v.pipe(
      v.string(),
      v.maxLength(2000, "must be at most 2000 characters"),
      v.description(
        "OpenID Connect Back-Channel Logout: an https URL the signed logout_token is POSTed to when " +
          "one of the client's sessions ends; null = none",
      ),
    ),
  ),
  backchannelLogoutSessionRequired: v.pipe(
    v.boolean(),
    v.description("The client needs `sid` in logout tokens (always included)"),
  ),
};

type ClientInput = {
  readonly name: string;
  readonly description?: string | undefined;
  readonly redirectUris?: readonly string[] | undefined;
  readonly grantTypes?: readonly GrantType[] | undefined;
  readonly scopes?: readonly string[] | undefined;
  readonly tokenEndpointAuthMethod?: TokenEndpointAuthMethod | undefined;
  readonly backchannelLogoutUri?: string | null | undefined;
  readonly backchannelLogoutSessionRequired?: boolean | undefined;
};

type ClientRules = {
  /** Where each field's problem is reported (the admin route uses RFC 7591 names). */
  readonly paths?: {
    readonly redirectUris: string;
    readonly grantTypes: string;
    readonly backchannelLogoutUri?: string;
  };
  /** OUTBOUND_ALLOW_PRIVATE: the back-channel logout URI may be http and internal. */
  readonly allowPrivate?: boolean;
};

/**
 * Normalises and checks a client's properties. Defaults: with redirect URIs an interactive
 * client (authorization_code + refresh_token), without a service account
 * (client_credentials); auth method client_secret_basic. The implicit grant is refused
 * (RFC 9700); redirect URIs need authorization_code; public clients (`none`) cannot use
 * client_credentials.
 */
export const normalizeClientProperties = (input: ClientInput, rules: ClientRules = {}): ClientProperties => {
  const paths = rules.paths ?? {
    redirectUris: "properties.redirectUris",
    grantTypes: "properties.grantTypes",
    backchannelLogoutUri: "properties.backchannelLogoutUri",
  };
  const issues: ValidationIssue[] = [];
  const redirectUris = [...new Set(input.redirectUris ?? [])];
  redirectUris.forEach((uri, i) => {
    const problem = redirectUriProblem(uri);
    if (problem) issues.push({ path: `${paths.redirectUris}.${i}`, message: problem });
  });
  const grantTypes = [
    ...new Set(
      input.grantTypes ?? (redirectUris.length > 0 ? ["authorization_code", "refresh_token"] : ["client_credentials"]),
    ),
  ] as GrantType[];
  if (grantTypes.length === 0) issues.push({ path: paths.grantTypes, message: "must list at least one grant type" });
  if (grantTypes.includes("implicit"))
    issues.push({
      path: paths.grantTypes,
      message: "the implicit grant is not supported (use authorization_code with PKCE)",
    });
  if (grantTypes.includes("authorization_code") && redirectUris.length === 0)
    issues.push({ path: paths.redirectUris, message: "authorization_code needs at least one redirect URI" });
  if (!grantTypes.includes("authorization_code") && redirectUris.length > 0)
    issues.push({ path: paths.redirectUris, message: "redirect URIs are only for the authorization_code grant" });
  if (grantTypes.includes("refresh_token") && !grantTypes.includes("authorization_code"))
    issues.push({ path: paths.grantTypes, message: "refresh_token goes with authorization_code" });
  const tokenEndpointAuthMethod = input.tokenEndpointAuthMethod ?? "client_secret_basic";
  if (tokenEndpointAuthMethod === "none" && grantTypes.includes("client_credentials"))
    issues.push({ path: "tokenEndpointAuthMethod", message: "a public client (none) cannot use client_credentials" });
  const scopes = [...new Set(input.scopes ?? [])];
  scopes.forEach((s, i) => {
    if (!OIDC_SCOPES.has(s) && !parseAce(s))
      issues.push({ path: `properties.scopes.${i}`, message: `'${s}' is neither an OpenID scope nor an ACE` });
  });
  const logoutUri = input.backchannelLogoutUri ?? undefined;
  const logoutPath = paths.backchannelLogoutUri ?? "backchannelLogoutUri";
  if (logoutUri !== undefined) {
    const problem = outboundUrlProblem(logoutUri, rules.allowPrivate ?? false);
    if (problem) issues.push({ path: logoutPath, message: problem });
    else if (!grantTypes.includes("authorization_code"))
      issues.push({
        path: logoutPath,
        message: "back-channel logout is for clients that sign users in (authorization_code)",
      });
  }
  if (issues.length) throw new DomainError("VALIDATION_FAILED", issues[0]!.message, issues);
  // Stored only when set, so clients without back-channel logout keep their old shape.
  return {
    name: input.name,
    description: input.description ?? "",
    redirectUris,
    grantTypes,
    scopes,
    tokenEndpointAuthMethod,
    ...(logoutUri !== undefined
      ? {
          backchannelLogoutUri: logoutUri,
          ...(input.backchannelLogoutSessionRequired ? { backchannelLogoutSessionRequired: true } : {}),
        }
      : {}),
  };
};
