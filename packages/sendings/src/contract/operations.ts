import { EmailInputSchema } from "../email-input.ts";
import { QueuedSendings, SendingRecord } from "./responses.ts";
import { ResetShapeBody } from "./schemas.ts";

/** Every route of the sendings context (routes/sendings.ts). */
export const sendingOperations = [
  {
    operationId: "queueEmail",
    method: "post",
    path: "/resources/sendings/email",
    summary: "Queue an email: one sending per primary recipient",
    permission: "sendings:write",
    success: 202,
    tags: ["sendings"],
    requestBody: EmailInputSchema,
    response: QueuedSendings,
  },
  {
    operationId: "queueEmailFlat",
    method: "post",
    path: "/resources/sendings",
    summary: "Queue an email given in the flat password-reset shape {category, to, subject, bodyHtml}",
    permission: "sendings:write",
    success: 202,
    tags: ["sendings"],
    requestBody: ResetShapeBody,
    response: QueuedSendings,
  },
  {
    operationId: "listSendings",
    method: "get",
    path: "/resources/sendings",
    summary: "List sendings",
    permission: "sendings:read",
    success: 200,
    tags: ["sendings"],
    list: "sendings",
    item: SendingRecord,
    query: { status: "pending, sent, bounced or cancelled", category: "Exact category", recipient: "Exact recipient" },
  },
  {
    operationId: "getSending",
    method: "get",
    path: "/resources/sendings/{id}",
    summary: "Read one sending",
    permission: "sendings:read",
    success: 200,
    response: SendingRecord,
    tags: ["sendings"],
  },
  {
    operationId: "cancelSending",
    method: "delete",
    path: "/resources/sendings/{id}",
    summary: "Cancel a pending sending (409 INVALID_STATE once it is no longer pending)",
    permission: "sendings:write",
    success: 204,
    alsoErrors: [409],
    tags: ["sendings"],
  },
] as const;
