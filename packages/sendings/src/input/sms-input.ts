import * as v from "valibot";
import { validationFailed } from "@platform/kernel";
import { toIssues } from "@platform/http";
import type { ValidationIssue } from "@platform/kernel";
import type { SendingQueuedData } from "../sending/events.ts";
import { Category, Dynamic, Storable, asRecord, checkDynamic } from "./common.ts";

/** Longest SMS text accepted: ten concatenated GSM-7 parts (the transport splits it). */
export const MAX_SMS_TEXT = 1600;

/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{1,14}$/;

/** The body of POST /resources/sendings/sms and of ctx.sendSms: one text to one number in E.164 form. */
export const SmsInputSchema = v.strictObject({
  to: v.pipe(
    v.string(),
    v.regex(E164, "must be a phone number in E.164 form, such as +4915112345678"),
    v.description("The phone number in E.164 form: +, country code, subscriber number, at most 15 digits"),
    v.examples(["+4915112345678"]),
  ),
  body: v.strictObject({
    text: v.pipe(
      v.string(),
      v.minLength(1, "must not be empty"),
      v.maxLength(MAX_SMS_TEXT, `must be at most ${MAX_SMS_TEXT} characters`),
      Storable,
    ),
  }),
  category: Category,
  dynamic: Dynamic,
});

/** Validates an SMS request into the one sending it makes; VALIDATION_FAILED naming every bad field. */
export const normalizeSms = (input: unknown): SendingQueuedData => {
  const parsed = v.safeParse(SmsInputSchema, input);
  const issues: ValidationIssue[] = parsed.success ? [] : toIssues(parsed.issues);
  checkDynamic(asRecord(input), issues);
  if (issues.length || !parsed.success) throw validationFailed(issues);
  const s = parsed.output;
  return {
    recipient: s.to,
    transport: "sms",
    category: s.category,
    subject: null,
    plainText: s.body.text,
    html: null,
    cc: "",
    bcc: "",
    dynamic: s.dynamic,
  };
};
