import * as v from "valibot";
import { validationFailed } from "@platform/kernel";
import type { ValidationIssue } from "@platform/kernel";
import { toIssues } from "@platform/http";
import { Category, Dynamic, Storable, asRecord, checkDynamic } from "./common.ts";

/** Most primary recipients in one request; each gets its own sending. */
const MAX_RECIPIENTS = 100;
/** Most cc (and, separately, bcc) recipients of one email. */
const MAX_COPIES = 50;

const Addresses = v.union(
  [v.string(), v.array(v.string())],
  "must be an email address, a comma-separated list, or an array of them",
);
const Text = v.nullish(v.pipe(v.string(), Storable));

/** The email shape of POST /resources/sendings/email, of queueEmail and of the component send function. */
export const EmailInputSchema = v.strictObject({
  to: Addresses,
  subject: v.pipe(
    v.string(),
    v.minLength(1, "must not be empty"),
    v.maxLength(998, "must be at most 998 characters"),
    v.regex(/^[^\r\n]*$/, "must be one line"),
    Storable,
  ),
  body: v.pipe(
    v.strictObject({ plainText: Text, html: Text }),
    v.check((b) => !!b.plainText || !!b.html, "needs plainText or html"),
  ),
  category: Category,
  dynamic: Dynamic,
  cc: v.optional(Addresses),
  bcc: v.optional(Addresses),
});

export type EmailInput = v.InferInput<typeof EmailInputSchema>;

/** A validated email: primary recipients split and deduplicated, copies as lists. */
export type NormalizedEmail = {
  readonly recipients: readonly string[];
  readonly subject: string;
  readonly plainText: string | null;
  readonly html: string | null;
  readonly category: string;
  readonly dynamic: Readonly<Record<string, unknown>>;
  readonly cc: readonly string[];
  readonly bcc: readonly string[];
};

// The WHATWG "valid email address" rule (what <input type=email> accepts), plus a length cap.
// One DNS label: letters and digits, hyphens inside, at most 63 characters.
const LABEL = "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";
const EMAIL = new RegExp(`^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${LABEL}(?:\\.${LABEL})*$`);
export const isEmailAddress = (s: string): boolean => s.length <= 254 && EMAIL.test(s);

/**
 * Splits `a@x, b@y` or `["a@x", "b@y, c@z"]` into addresses, recording an issue for each bad
 * one at `field` (a string) or `field.<index>` (an array entry). Duplicates (any case) collapse.
 */
const parseAddresses = (
  field: string,
  value: string | readonly string[] | undefined,
  issues: ValidationIssue[],
): string[] => {
  if (value === undefined) return [];
  const entries = typeof value === "string" ? [value] : value;
  const seen = new Set<string>();
  const out: string[] = [];
  entries.forEach((entry, i) => {
    for (const part of entry.split(",")) {
      const address = part.trim();
      if (address === "") continue;
      if (!isEmailAddress(address)) {
        issues.push({
          path: typeof value === "string" ? field : `${field}.${i}`,
          message: `'${address.slice(0, 100)}' is not an email address`,
        });
        continue;
      }
      if (seen.has(address.toLowerCase())) continue;
      seen.add(address.toLowerCase());
      out.push(address);
    }
  });
  return out;
};

const isAddresses = (x: unknown): x is string | string[] =>
  typeof x === "string" || (Array.isArray(x) && x.every((e) => typeof e === "string"));

/** Validates an email request; VALIDATION_FAILED naming every bad field (shape and addresses at once). */
export const normalizeEmail = (input: unknown): NormalizedEmail => {
  const parsed = v.safeParse(EmailInputSchema, input);
  const issues: ValidationIssue[] = parsed.success ? [] : toIssues(parsed.issues);
  const raw = asRecord(input);
  const addresses = (field: "to" | "cc" | "bcc") =>
    isAddresses(raw[field]) ? parseAddresses(field, raw[field], issues) : [];
  checkDynamic(raw, issues);
  const recipients = addresses("to");
  const cc = addresses("cc");
  const bcc = addresses("bcc");
  if (isAddresses(raw.to) && recipients.length === 0 && !issues.some((i) => i.path.startsWith("to")))
    issues.push({ path: "to", message: "needs at least one recipient" });
  if (recipients.length > MAX_RECIPIENTS) issues.push({ path: "to", message: `at most ${MAX_RECIPIENTS} recipients` });
  if (cc.length > MAX_COPIES) issues.push({ path: "cc", message: `at most ${MAX_COPIES} recipients` });
  if (bcc.length > MAX_COPIES) issues.push({ path: "bcc", message: `at most ${MAX_COPIES} recipients` });
  if (issues.length || !parsed.success) throw validationFailed(issues);
  const e = parsed.output;
  return {
    recipients,
    subject: e.subject,
    plainText: e.body.plainText || null,
    html: e.body.html || null,
    category: e.category,
    dynamic: e.dynamic,
    cc,
    bcc,
  };
};
