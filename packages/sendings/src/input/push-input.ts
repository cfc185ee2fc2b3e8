import * as v from "valibot";
import { validationFailed } from "@platform/kernel";
import type { ValidationIssue } from "@platform/kernel";
import { toIssues } from "@platform/http";
import { outboundUrlProblem } from "@platform/outbound";
import type { SendingQueuedData } from "../sending/events.ts";
import { Category, Dynamic, Storable, asRecord, checkDynamic } from "./common.ts";

/**
 * The largest payload one push carries: 4,096 bytes on the wire (RFC 8030 says a push service
 * must take that much) less the aes128gcm header (86), the tag (16) and the padding delimiter.
 */
export const MAX_PUSH_PAYLOAD = 3993;
/** Four weeks, the longest push services keep a message. */
export const MAX_PUSH_TTL_SECONDS = 2_419_200;
export const DEFAULT_PUSH_TTL_SECONDS = 86_400;

/**
 * The subscription's keys in base64url, as patterns JSON Schema can publish: 65 bytes whose first
 * is 0x04 (an uncompressed P-256 point: 87 characters, `B` then A to P), and 16 bytes (22 characters).
 */
const P256DH = /^B[A-P][A-Za-z0-9_-]{85}=*$/;
const AUTH = /^[A-Za-z0-9_-]{22}=*$/;

/**
 * The body of POST /resources/sendings/push and of ctx.sendPush: one notification to one browser's PushSubscription.
 */
export const PushInputSchema = v.strictObject({
  to: v.strictObject({
    endpoint: v.pipe(v.string(), v.description("The PushSubscription's endpoint (the outbound URL rule applies)")),
    keys: v.strictObject({
      p256dh: v.pipe(
        v.string(),
        v.regex(P256DH, "must be the subscription's P-256 public key (65 bytes, base64url)"),
        v.examples(["BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM"]),
      ),
      auth: v.pipe(
        v.string(),
        v.regex(AUTH, "must be the subscription's auth secret (16 bytes, base64url)"),
        v.examples(["tBHItJI5svbpez7KI4CCXg"]),
      ),
    }),
    expirationTime: v.optional(v.nullable(v.number())),
  }),
  body: v.strictObject({
    title: v.pipe(
      v.string(),
      v.minLength(1, "must not be empty"),
      v.maxLength(200, "must be at most 200 characters"),
      Storable,
    ),
    text: v.pipe(v.string(), v.maxLength(MAX_PUSH_PAYLOAD, `must be at most ${MAX_PUSH_PAYLOAD} characters`), Storable),
    url: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(2000, "must be at most 2000 characters"),
        v.regex(/^(https?:\/\/\S+|\/\S*)$/, "must be an http(s) URL or a path starting with /"),
        Storable,
      ),
    ),
  }),
  category: Category,
  dynamic: Dynamic,
  ttlSeconds: v.optional(
    v.pipe(
      v.number(),
      v.integer("must be a whole number"),
      v.minValue(0, "must be at least 0"),
      v.maxValue(MAX_PUSH_TTL_SECONDS, `must be at most ${MAX_PUSH_TTL_SECONDS} (four weeks)`),
    ),
  ),
  urgency: v.optional(v.picklist(["very-low", "low", "normal", "high"], "must be very-low, low, normal or high")),
});

/** The push payload: the JSON of `body` (what the browser's service worker reads). */
export const pushPayload = (title: string, text: string, url: string | null) =>
  JSON.stringify(url === null ? { title, text } : { title, text, url });

/**
 * Validates a push request into the one sending it makes; VALIDATION_FAILED naming every bad
 * field. The endpoint must satisfy the outbound URL rule (`allowPrivate`: OUTBOUND_ALLOW_PRIVATE).
 */
export const normalizePush = (input: unknown, allowPrivate: boolean): SendingQueuedData => {
  const parsed = v.safeParse(PushInputSchema, input);
  const issues: ValidationIssue[] = parsed.success ? [] : toIssues(parsed.issues);
  const raw = asRecord(input);
  checkDynamic(raw, issues);
  const endpoint = asRecord(raw.to).endpoint;
  const problem = typeof endpoint === "string" ? outboundUrlProblem(endpoint, allowPrivate) : undefined;
  if (problem) issues.push({ path: "to.endpoint", message: problem });
  if (issues.length || !parsed.success) throw validationFailed(issues);
  const p = parsed.output;
  const url = p.body.url ?? null;
  if (Buffer.byteLength(pushPayload(p.body.title, p.body.text, url)) > MAX_PUSH_PAYLOAD)
    throw validationFailed([
      { path: "body", message: `must come to at most ${MAX_PUSH_PAYLOAD} bytes as JSON (what one push can carry)` },
    ]);
  return {
    recipient: new URL(p.to.endpoint).origin,
    transport: "push",
    category: p.category,
    subject: p.body.title,
    plainText: p.body.text,
    html: null,
    cc: "",
    bcc: "",
    dynamic: p.dynamic,
    push: {
      endpoint: p.to.endpoint,
      p256dh: p.to.keys.p256dh,
      auth: p.to.keys.auth,
      url,
      ttlSeconds: p.ttlSeconds ?? DEFAULT_PUSH_TTL_SECONDS,
      urgency: p.urgency ?? "normal",
    },
  };
};
