import * as v from "valibot";
import { ownRecord } from "@platform/http";

const Addresses = v.union([v.string(), v.array(v.string())]);

/**
 * The flat password-reset shape of `POST /resources/sendings` (routes/reset-shape.ts keeps
 * its own schema private and validates the email fields through EmailInputSchema; this is
 * that shape as published).
 */
export const ResetShapeBody = v.strictObject({
  transport: v.optional(v.picklist(["email"])),
  to: Addresses,
  subject: v.string(),
  category: v.string(),
  bodyHtml: v.optional(v.string()),
  bodyText: v.optional(v.string()),
  dynamic: v.optional(ownRecord(v.string(), v.unknown())),
  cc: v.optional(Addresses),
  bcc: v.optional(Addresses),
});
