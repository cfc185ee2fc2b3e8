import type { ClientAnswer, ClientSecretAnswer, CreatedClientSecretAnswer } from "@platform/iam";

/** A client as the API shows it (GET /resources/iam/clients/{id}): IAM's published answer. */
export type Client = ClientAnswer;

/** A client secret as listed (never its value) and, once, as created (with `secret`). */
export type ClientSecret = ClientSecretAnswer & Partial<Pick<CreatedClientSecretAnswer, "secret">>;

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
