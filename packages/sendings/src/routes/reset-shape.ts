import * as v from "valibot";
import { DomainError, isDomainError } from "@platform/kernel";
import type { ValidationIssue } from "@platform/kernel";
import { validate } from "@platform/http";
import { normalizeEmail } from "../input/email-input.ts";
import type { NormalizedEmail } from "../input/email-input.ts";

/**
 * POST /resources/sendings takes the password-reset flow's flat shape
 * `{category, to, subject, bodyHtml}` (plus optional bodyText, dynamic, cc, bcc, and
 * transport "email") and queues exactly what POST /resources/sendings/email would.
 */
const ResetShape = v.object({
  transport: v.optional(v.picklist(["email"], "only email is implemented")),
  to: v.unknown(),
  subject: v.unknown(),
  category: v.unknown(),
  bodyHtml: v.optional(v.string()),
  bodyText: v.optional(v.string()),
  dynamic: v.optional(v.unknown()),
  cc: v.optional(v.unknown()),
  bcc: v.optional(v.unknown()),
});

const PATHS: Record<string, string> = { "body.html": "bodyHtml", "body.plainText": "bodyText", body: "bodyHtml" };

export const fromResetShape = (input: unknown): NormalizedEmail => {
  const r = validate(v.strictObject(ResetShape.entries), input);
  const email = {
    to: r.to,
    subject: r.subject,
    category: r.category,
    body: { html: r.bodyHtml ?? null, plainText: r.bodyText ?? null },
    ...(r.dynamic !== undefined ? { dynamic: r.dynamic } : {}),
    ...(r.cc !== undefined ? { cc: r.cc } : {}),
    ...(r.bcc !== undefined ? { bcc: r.bcc } : {}),
  };
  try {
    return normalizeEmail(email);
  } catch (error) {
    if (!isDomainError(error) || !Array.isArray(error.details)) throw error;
    const details = (error.details as ValidationIssue[]).map((i) => ({ ...i, path: PATHS[i.path] ?? i.path }));
    throw new DomainError(error.code, error.message, details);
  }
};
