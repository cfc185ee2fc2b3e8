/** A client as the API shows it (GET /resources/iam/clients/{id}). */
export type Client = {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly redirectUris: readonly string[];
  readonly grantTypes: readonly string[];
  readonly scopes: readonly string[];
  readonly tokenEndpointAuthMethod: string;
  readonly backchannelLogoutUri: string | null;
  readonly backchannelLogoutSessionRequired: boolean;
  readonly roles: readonly string[];
  readonly type: string;
  readonly isSystem: boolean;
  readonly suspendedAt: string | null;
  readonly createdAt: string | null;
  readonly etag: string;
};

/** A client secret as listed (never its value) and, once, as created (with `secret`). */
export type ClientSecret = {
  readonly id: string;
  readonly description: string;
  readonly createdAt: string;
  readonly expiresAt: string | null;
  readonly secret?: string;
};

/** What the new-client form asks, mapped onto the API's properties. */
export type ClientDraft = {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly kind: "service_account" | "interactive";
  readonly publicClient: boolean;
  readonly redirectUris: string;
  readonly scopes: string;
  readonly roles: readonly string[];
};

export const clientProperties = (d: ClientDraft) => {
  const interactive = d.kind === "interactive";
  const redirectUris = d.redirectUris
    .split(/\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const scopes = d.scopes.split(/\s+/).filter(Boolean);
  return {
    name: d.name,
    description: d.description,
    redirectUris: interactive ? redirectUris : [],
    grantTypes: interactive ? ["authorization_code", "refresh_token"] : ["client_credentials"],
    scopes,
    tokenEndpointAuthMethod: interactive && d.publicClient ? "none" : "client_secret_basic",
  };
};
