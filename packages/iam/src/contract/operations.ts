import type { GenericSchema } from "valibot";
import { clientOperations } from "./client-operations.ts";
import { principalOperations } from "./principal-operations.ts";
import { EraseMeSchema, PasswordChangeSchema } from "../routes/me.ts";
import { RolePutSchema } from "../routes/roles.ts";
import { ClientJournalEvent, MeResponse, PrincipalJournalEvent, RoleJournalEvent, RoleResponse } from "./responses.ts";

const ROLES_PATH = "/resources/iam/roles";

/** The role routes (routes/roles.ts). */
const roleOperations = [
  {
    operationId: "listRoles",
    method: "get",
    path: ROLES_PATH,
    summary: "List roles, built-in system: roles included",
    permission: "iam/roles:read",
    success: 200,
    tags: ["iam"],
    list: "roles",
    item: RoleResponse,
    query: {
      search: "Partial match on key or description",
      prefix: "Keys starting with this (at most 100 characters)",
    },
  },
  {
    operationId: "getRole",
    method: "get",
    path: `${ROLES_PATH}/{key}`,
    summary: "Read a role",
    permission: "iam/roles:read",
    success: 200,
    tags: ["iam"],
    etag: true,
    response: RoleResponse,
  },
  {
    operationId: "putRole",
    method: "put",
    path: `${ROLES_PATH}/{key}`,
    summary: "Create (201) or replace (200) a custom role; system: keys are read-only",
    permission: "iam/roles:write",
    success: 201,
    alsoSuccess: [200],
    tags: ["iam"],
    requestBody: RolePutSchema,
    requestExample: { acl: ["orders:read", "sendings:read"] },
    ifMatch: "optional",
    etag: true,
    response: RoleResponse,
  },
  {
    operationId: "deleteRole",
    method: "delete",
    path: `${ROLES_PATH}/{key}`,
    summary: "Delete a custom role",
    permission: "iam/roles:delete",
    success: 204,
    tags: ["iam"],
    ifMatch: "optional",
  },
] as const;

/** The caller's own routes (routes/me.ts). */
const meOperations = [
  {
    operationId: "getMe",
    method: "get",
    path: "/resources/me",
    summary: "The caller: principal or client, roles, effective scope, session id",
    permission: "authenticated",
    success: 200,
    tags: ["me"],
    response: MeResponse,
  },
  {
    operationId: "changeMyPassword",
    method: "post",
    path: "/resources/me/password",
    summary: "Change the caller's password; revokes its other sessions",
    permission: "me/password:write",
    success: 204,
    tags: ["me"],
    requestBody: PasswordChangeSchema,
    requestExample: { currentPassword: "Correct-Horse-Battery-1", newPassword: "Lantern-Orbit-Staple-42" },
  },
  {
    operationId: "eraseMe",
    method: "post",
    path: "/resources/me/erase",
    summary: "Delete the calling principal and erase its personal data, once its password is confirmed",
    permission: "me:delete",
    success: 204,
    tags: ["me"],
    requestBody: EraseMeSchema,
    requestExample: { currentPassword: "Correct-Horse-Battery-1" },
  },
] as const;

/** IAM's journals (routes/journals.ts): the one way to audit an identity's changes over HTTP. */
const journalOperations = [
  {
    operationId: "getPrincipalJournal",
    path: "/resources/iam/principals/{id}/journal",
    what: "principal",
    permission: "iam/principals:read",
    item: PrincipalJournalEvent,
  },
  {
    operationId: "getClientJournal",
    path: "/resources/iam/clients/{id}/journal",
    what: "client",
    permission: "iam/clients:read",
    item: ClientJournalEvent,
  },
  {
    operationId: "getRoleJournal",
    path: `${ROLES_PATH}/{key}/journal`,
    what: "role",
    permission: "iam/roles:read",
    item: RoleJournalEvent,
  },
].map((o) => ({
  operationId: o.operationId,
  method: "get",
  path: o.path,
  summary: `A ${o.what}'s events in version order (who changed what, when)`,
  permission: o.permission,
  success: 200,
  tags: ["iam"],
  list: "events",
  item: o.item,
})) as readonly {
  operationId: string;
  method: "get";
  path: string;
  summary: string;
  permission: string;
  success: 200;
  tags: readonly ["iam"];
  list: "events";
  item: GenericSchema;
}[];

/** Every route of the IAM context. */
export const iamOperations = [
  ...principalOperations,
  ...clientOperations,
  ...roleOperations,
  ...meOperations,
  ...journalOperations,
] as const;
