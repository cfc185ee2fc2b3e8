import * as v from "valibot";
import type { ValidationIssue } from "@platform/kernel";
import { UNSTORABLE_MESSAGE, checkStorableJson, isStorableText } from "@platform/http";

/** Deepest nesting of `dynamic` accepted; far beyond what a custom graph field reads. */
const MAX_DYNAMIC_DEPTH = 32;

export const Storable = v.check(isStorableText, UNSTORABLE_MESSAGE);

/** Every sending's category (1 to 200 characters; those starting `system:` are the platform's own). */
export const Category = v.pipe(
  v.string(),
  v.minLength(1, "must not be empty"),
  v.maxLength(200, "must be at most 200 characters"),
  Storable,
);

/**
 * Every sending's free-form `dynamic` object (its `channelKey` is an access attribute). The
 * metadata publishes the type JSON Schema cannot read from the custom check.
 */
export const Dynamic = v.optional(
  v.pipe(
    v.custom<Record<string, unknown>>(
      (d) => typeof d === "object" && d !== null && !Array.isArray(d),
      "must be an object",
    ),
    v.metadata({ type: "object" }),
    v.description(
      `Any JSON object (nested at most ${MAX_DYNAMIC_DEPTH} deep), kept with the sending; ` +
        "its channelKey is an access attribute",
    ),
    v.examples([{ orderId: 7 }]),
  ),
  {},
);

/** Checks a request's `dynamic` for what JSON columns cannot store, and for depth. */
export const checkDynamic = (raw: Record<string, unknown>, issues: ValidationIssue[]) => {
  if (typeof raw.dynamic === "object" && raw.dynamic !== null && !Array.isArray(raw.dynamic))
    checkStorableJson(raw.dynamic, "dynamic", issues, MAX_DYNAMIC_DEPTH);
};

export const asRecord = (input: unknown) =>
  (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
