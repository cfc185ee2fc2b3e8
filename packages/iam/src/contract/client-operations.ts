import { RolesBodySchema } from "./requests.ts";
import { AdminClientSchema, ClientPatchSchema, ClientPutSchema, ClientSecretCreateSchema } from "./client-requests.ts";
import { ClientResponse, ClientSecretsResponse, CreatedClientSecretResponse, RegisteredClientResponse } from "./responses.ts";

const CLIENTS_PATH = "/resources/iam/clients";

/** The client routes (routes/clients.ts, routes/client-secrets.ts, routes/admin-clients.ts). */
export const clientOperations = [
  {
    operationId: "listClients",
    method: "get",
    path: CLIENTS_PATH,
    summary: "List clients",
    permission: "iam/clients:read",
    success: 200,
    tags: ["iam"],
    list: "clients",
    item: ClientResponse,
    query: {
      search: "Partial match on name (at most 200 characters)",
      type: "service_account or interactive",
      includeSuspended: "true to include suspended clients",
      orderBy: "'<field> <asc|desc>', field one of name, createdAt",
    },
  },
  { operationId: "getClient", method: "get", path: `${CLIENTS_PATH}/{id}`, summary: "Read a client", permission: "iam/clients:read", success: 200, tags: ["iam"], etag: true, response: ClientResponse },
  {
    operationId: "putClient",
    method: "put",
    path: `${CLIENTS_PATH}/{id}`,
    summary: "Create (201) or replace (200) a client; If-Match required when it exists",
    permission: "iam/clients:write",
    success: 201,
    alsoSuccess: [200],
    tags: ["iam"],
    requestBody: ClientPutSchema,
    ifMatch: "optional",
    etag: true,
    response: ClientResponse,
  },
  { operationId: "patchClient", method: "patch", path: `${CLIENTS_PATH}/{id}`, summary: "Change a client's properties", permission: "iam/clients:write", success: 200, tags: ["iam"], requestBody: ClientPatchSchema, ifMatch: "required", etag: true, response: ClientResponse },
  { operationId: "deleteClient", method: "delete", path: `${CLIENTS_PATH}/{id}`, summary: "Delete a client, its secrets and sessions", permission: "iam/clients:delete", success: 204, tags: ["iam"], ifMatch: "optional" },
  { operationId: "setClientRoles", method: "put", path: `${CLIENTS_PATH}/{id}/roles`, summary: "Replace a client's roles", permission: "iam/clients:write", success: 200, tags: ["iam"], requestBody: RolesBodySchema, ifMatch: "required", etag: true, response: ClientResponse },
  { operationId: "suspendClient", method: "post", path: `${CLIENTS_PATH}/{id}/suspend`, summary: "Suspend a client and revoke its sessions", permission: "iam/clients:write", success: 200, tags: ["iam"], ifMatch: "required", etag: true, response: ClientResponse },
  { operationId: "reactivateClient", method: "post", path: `${CLIENTS_PATH}/{id}/reactivate`, summary: "Reactivate a suspended client", permission: "iam/clients:write", success: 200, tags: ["iam"], ifMatch: "required", etag: true, response: ClientResponse },
  { operationId: "listClientSecrets", method: "get", path: `${CLIENTS_PATH}/{id}/secrets`, summary: "A client's secrets, metadata only (a plain array)", permission: "iam/clients:read", success: 200, tags: ["iam"], response: ClientSecretsResponse },
  {
    operationId: "createClientSecret",
    method: "post",
    path: `${CLIENTS_PATH}/{id}/secrets`,
    summary: "Create a client secret, shown once",
    permission: "iam/clients:write",
    success: 201,
    tags: ["iam"],
    requestBody: ClientSecretCreateSchema,
    ifMatch: "optional",
    etag: true,
    response: CreatedClientSecretResponse,
  },
  { operationId: "deleteClientSecret", method: "delete", path: `${CLIENTS_PATH}/{id}/secrets/{secretId}`, summary: "Delete a client secret (invalid at once)", permission: "iam/clients:write", success: 204, tags: ["iam"] },
  {
    operationId: "registerClient",
    method: "post",
    path: "/iam/clients",
    summary: "Create a client with RFC 7591-style fields; the answer shows its secret once",
    permission: "iam/clients:write",
    success: 201,
    tags: ["iam"],
    requestBody: AdminClientSchema,
    etag: true,
    response: RegisteredClientResponse,
  },
] as const;
