export type GrantType = "authorization_code" | "refresh_token" | "client_credentials" | "implicit";
export type TokenEndpointAuthMethod = "client_secret_post" | "client_secret_basic" | "none";

export type ClientProperties = {
  readonly name: string;
  readonly description: string;
  readonly redirectUris: readonly string[];
  readonly grantTypes: readonly GrantType[];
  readonly scopes: readonly string[];
  readonly tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  /**
   * OpenID Connect Back-Channel Logout: where a logout token is POSTed when one of the client's sessions ends. Absent =
   * none.
   */
  readonly backchannelLogoutUri?: string;
  /** The client needs `sid` in logout tokens (always sent); present only when true. */
  readonly backchannelLogoutSessionRequired?: boolean;
};

/** Access attributes (ABAC): attribute name → the values the client is restricted to. Empty = unrestricted. */
export type AccessAttributes = Readonly<Record<string, readonly string[]>>;

export type ClientEvent =
  /** `accessAttributes` is absent in events written before clients carried attributes (= none). */
  | {
      readonly type: "ClientCreated";
      readonly data: {
        readonly properties: ClientProperties;
        readonly roles: readonly string[];
        readonly accessAttributes?: AccessAttributes;
        readonly at: string;
      };
    }
  | {
      readonly type: "ClientReplaced";
      readonly data: { readonly properties: ClientProperties; readonly roles: readonly string[] };
    }
  | { readonly type: "ClientPropertiesChanged"; readonly data: { readonly properties: ClientProperties } }
  | { readonly type: "ClientRolesChanged"; readonly data: { readonly roles: readonly string[] } }
  | { readonly type: "ClientAccessAttributesChanged"; readonly data: { readonly accessAttributes: AccessAttributes } }
  | { readonly type: "ClientSuspended"; readonly data: { readonly at: string } }
  | { readonly type: "ClientReactivated"; readonly data: { readonly at: string } }
  /** Secret metadata only (audit and ETag); the hash lives in iam_client_secrets. */
  | {
      readonly type: "ClientSecretCreated";
      readonly data: { readonly secretId: string; readonly description: string; readonly expiresAt: string | null };
    }
  | { readonly type: "ClientSecretDeleted"; readonly data: { readonly secretId: string } }
  | { readonly type: "ClientDeleted"; readonly data: { readonly at: string } };

export const clientEventTypes: readonly ClientEvent["type"][] = [
  "ClientCreated",
  "ClientReplaced",
  "ClientPropertiesChanged",
  "ClientRolesChanged",
  "ClientAccessAttributesChanged",
  "ClientSuspended",
  "ClientReactivated",
  "ClientSecretCreated",
  "ClientSecretDeleted",
  "ClientDeleted",
];

/** A service account has no redirect URIs and only the client_credentials grant. */
export const clientKind = (
  p: Pick<ClientProperties, "redirectUris" | "grantTypes">,
): "service_account" | "interactive" =>
  p.redirectUris.length === 0 && p.grantTypes.every((g) => g === "client_credentials")
    ? "service_account"
    : "interactive";
