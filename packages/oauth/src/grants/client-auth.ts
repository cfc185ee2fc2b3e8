import type { Context } from "hono";
import { clientAddress, isStorableText } from "@platform/http";
import { OAuthError } from "../errors/oauth-error.ts";
import type { IamPort, OAuthClientInfo } from "../iam/iam-port.ts";
import type { FormParams } from "../util/form.ts";

export type AuthenticatedClient = {
  readonly client: OAuthClientInfo;
  readonly method: "client_secret_basic" | "client_secret_post" | "none";
};

/** RFC 6749 §2.3.1: Basic credentials are form-urlencoded before base64. */
const formDecode = (s: string): string => decodeURIComponent(s.replace(/\+/g, " "));

const parseBasic = (header: string): { id: string; secret: string } | undefined => {
  const m = /^Basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header);
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  try {
    const id = formDecode(decoded.slice(0, colon));
    const secret = formDecode(decoded.slice(colon + 1));
    // Text no client id or secret can hold (NUL, a lone surrogate) is malformed, like a body's (util/form.ts).
    return isStorableText(id) && isStorableText(secret) ? { id, secret } : undefined;
  } catch {
    return undefined;
  }
};

type ClientAuthOptions = {
  /** Whether a public client (registered with `none`) may name itself by a bare client_id. */
  readonly allowPublic: boolean;
  /** TRUST_PROXY: how the caller's address, one of the throttle's counts, is taken. */
  readonly trustProxy: number;
};

/**
 * Authenticates the client of a token, revocation or introspection request:
 * client_secret_basic or client_secret_post for any confidential client (either, whatever it registered),
 * or, where `allowPublic`, a bare client_id for clients registered with `none`.
 * Failures are invalid_client (401), with `WWW-Authenticate: Basic` when Basic was tried.
 * A secret check is throttled per client id and per address (IAM counts the failures):
 * while either waits, invalid_client with 429 and `Retry-After`, the secret unchecked.
 */
export const authenticateClient = async (
  c: Context,
  form: FormParams,
  iam: IamPort,
  opts: ClientAuthOptions,
): Promise<AuthenticatedClient> => {
  const header = c.req.header("Authorization");
  const formId = form.get("client_id");
  const formSecret = form.get("client_secret");
  if (header && /^Basic\b/i.test(header)) {
    const basic = parseBasic(header);
    if (!basic || !basic.id) throw new OAuthError("invalid_client", "Malformed Basic credentials", { basic: true });
    if (formSecret !== undefined)
      throw new OAuthError(
        "invalid_request",
        "Use one client authentication method, not Basic and client_secret together",
      );
    if (formId !== undefined && formId !== basic.id)
      throw new OAuthError("invalid_request", "client_id does not match the Basic credentials");
    return {
      client: await withSecret(c, iam, { id: basic.id, secret: basic.secret, basic: true }, opts),
      method: "client_secret_basic",
    };
  }
  if (formSecret !== undefined) {
    if (!formId) throw new OAuthError("invalid_client", "client_id is required with client_secret");
    return {
      client: await withSecret(c, iam, { id: formId, secret: formSecret, basic: false }, opts),
      method: "client_secret_post",
    };
  }
  if (!formId) throw new OAuthError("invalid_client", "Client authentication is required", { basic: true });
  const client = await iam.getClient(formId);
  if (!client || client.suspended) throw new OAuthError("invalid_client", "invalid client");
  if (client.tokenEndpointAuthMethod !== "none") throw new OAuthError("invalid_client", "invalid client secret");
  if (!opts.allowPublic) throw new OAuthError("invalid_client", "This endpoint needs a confidential client");
  return { client, method: "none" };
};

type Credentials = { readonly id: string; readonly secret: string; readonly basic: boolean };

const withSecret = async (
  c: Context,
  iam: IamPort,
  cred: Credentials,
  opts: ClientAuthOptions,
): Promise<OAuthClientInfo> => {
  const r = await iam.authenticateClient(cred.id, cred.secret, await clientAddress(c, opts.trustProxy));
  if (r.ok) return r.client;
  // A wait is no challenge to send other credentials: no WWW-Authenticate with it.
  if (r.reason === "throttled") {
    throw new OAuthError("invalid_client", "Too many failed attempts; try again later", { retryAfterS: r.retryAfterS });
  }
  throw new OAuthError("invalid_client", r.reason, { basic: cred.basic });
};
