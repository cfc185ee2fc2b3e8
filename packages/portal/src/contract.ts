import { page } from "./contract-page.ts";
import { appPagesContract } from "./pages/apps/apps-contract.ts";
import { jobPagesContract } from "./pages/jobs/jobs-contract.ts";
import { operationsPagesContract } from "./pages/operations-contract.ts";
import { subscriptionPagesContract } from "./pages/subscriptions/subscriptions-contract.ts";

/** The portal's routes as /openapi.json publishes them (contract-page.ts: each an HTML page). */
export const portalContract = {
  context: "portal",
  tags: { portal: "The administration portal's pages (HTML, signed in through the built-in OAuth client `portal`)" },
  operations: [
    {
      ...page("portalAsset", "get", "/portal/assets/{file}", "The portal's stylesheet, script and icon"),
      produces: "*/*" as const,
    },
    page(
      "portalSignIn",
      "get",
      "/portal/login",
      "Starts a sign-in: authorization code + PKCE at /oauth/authorize as client `portal`",
      303,
    ),
    page(
      "portalCallback",
      "get",
      "/portal/callback",
      "The OAuth redirect URI: redeems the code, keeps the tokens in HttpOnly cookies",
    ),
    page(
      "portalSignOut",
      "post",
      "/portal/logout",
      "Revokes the portal's session, then ends the browser's sign-in (/oauth/logout)",
    ),
    page(
      "portalHome",
      "get",
      "/portal",
      "The portal's start page: the sections the viewer may read, and the service's health " +
        "(readiness, followers behind, the sendings queue; for who may read them the job queues' " +
        "due jobs and the jobs failed in the last hour)",
    ),
    page("portalMe", "get", "/portal/me", "My account: profile, password, sessions, personal access tokens"),
    page(
      "portalMyPassword",
      "get",
      "/portal/me/password",
      "Change my password (the only page while a temporary password is set)",
    ),
    page("portalChangeMyPassword", "post", "/portal/me/password", "Changes my password"),
    page("portalRevokeMySession", "post", "/portal/me/sessions/{id}/revoke", "Ends one of my sessions"),
    page("portalCreateToken", "post", "/portal/me/tokens", "Creates a personal access token and shows it once", 200),
    page("portalRevokeToken", "post", "/portal/me/tokens/{id}/revoke", "Revokes one of my personal access tokens"),
    page(
      "portalPrincipals",
      "get",
      "/portal/principals",
      "Principals: search, filter by role prefix, include suspended",
    ),
    page("portalNewPrincipal", "get", "/portal/principals/new", "The form for a new principal"),
    page(
      "portalCreatePrincipal",
      "post",
      "/portal/principals",
      "Creates a principal, showing its temporary password once",
      200,
    ),
    page(
      "portalPrincipal",
      "get",
      "/portal/principals/{id}",
      "One principal: details, edit, roles, suspend or reactivate, password reset, sessions",
    ),
    page(
      "portalSavePrincipal",
      "post",
      "/portal/principals/{id}",
      "Saves a principal's properties and roles at the version the form showed (a conflict says so)",
    ),
    page(
      "portalSuspendPrincipal",
      "post",
      "/portal/principals/{id}/suspend",
      "Suspends a principal (their sessions end)",
    ),
    page("portalReactivatePrincipal", "post", "/portal/principals/{id}/reactivate", "Reactivates a principal"),
    page(
      "portalResetPrincipalPassword",
      "post",
      "/portal/principals/{id}/password-reset",
      "Gives a principal a temporary password, shown once",
      200,
    ),
    page("portalClients", "get", "/portal/clients", "Clients: search, include suspended"),
    page("portalNewClient", "get", "/portal/clients/new", "The form for a new client: interactive or service account"),
    page(
      "portalCreateClient",
      "post",
      "/portal/clients",
      "Creates a client; a confidential one gets its first secret, shown once",
      200,
    ),
    page("portalClient", "get", "/portal/clients/{id}", "One client: details, secrets, roles, suspend or reactivate"),
    page(
      "portalSaveClientRoles",
      "post",
      "/portal/clients/{id}/roles",
      "Replaces a client's roles at the version the form showed",
    ),
    page(
      "portalSaveClientBackchannelLogout",
      "post",
      "/portal/clients/{id}/backchannel-logout",
      "Sets or clears a client's back-channel logout URI at the version the form showed",
    ),
    page("portalSuspendClient", "post", "/portal/clients/{id}/suspend", "Suspends a client"),
    page("portalReactivateClient", "post", "/portal/clients/{id}/reactivate", "Reactivates a client"),
    page(
      "portalCreateClientSecret",
      "post",
      "/portal/clients/{id}/secrets",
      "Creates a client secret, shown once",
      200,
    ),
    page(
      "portalDeleteClientSecret",
      "post",
      "/portal/clients/{id}/secrets/{secretId}/delete",
      "Deletes a client secret",
    ),
    page("portalRoles", "get", "/portal/roles", "Roles: built-in and custom, and the form for a new custom role"),
    page("portalCreateRole", "post", "/portal/roles", "Creates a custom role with its ACL entries"),
    page("portalRole", "get", "/portal/roles/{key}", "One role and its ACL entries (custom roles editable)"),
    page("portalSaveRole", "post", "/portal/roles/{key}", "Saves a custom role at the version the form showed"),
    page("portalDeleteRole", "post", "/portal/roles/{key}/delete", "Deletes a custom role"),
    page(
      "portalRevokePrincipalSession",
      "post",
      "/portal/principals/{id}/sessions/{sessionId}/revoke",
      "Ends one of a principal's sessions",
    ),
    ...operationsPagesContract,
    ...appPagesContract,
    ...jobPagesContract,
    ...subscriptionPagesContract,
  ],
} as const;
