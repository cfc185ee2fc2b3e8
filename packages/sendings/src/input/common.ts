import * as v from "valibot";
import type { ValidationIssue } from "@platform/kernel";
import { UNSTORABLE_MESSAGE, checkStorableJson, isStorableText } from "@platform/http";

/** Deepest nesting of `dynamic` accepted; far beyond what a custom graph field reads. */
const MAX_DYNAMIC_DEPTH = 32;

export const Storable = v.check(isStorableText, UNSTORABLE_MESSAGE);

/** Every sending's category (CONTRACT.md 7; `system:` ones are the platform's). */
export const Category = v.pipe(v.string(), v.minLength(1, "must not be empty"), v.maxLength(200, "must be at most 200 characters"), Storable);

/** Every sending's free-form `dynamic` object (its `channelKey` is an access attribute). */
export const Dynamic = v.optional(v.custom<Record<string, unknown>>((d) => typeof d === "object" && d !== null && !Array.isArray(d), "must be an object"), {});

/** Checks a request's `dynamic` for what JSON columns cannot store, and for depth. */
export const checkDynamic = (raw: Record<string, unknown>, issues: ValidationIssue[]) => {
  if (typeof raw.dynamic === "object" && raw.dynamic !== null && !Array.isArray(raw.dynamic)) checkStorableJson(raw.dynamic, "dynamic", issues, MAX_DYNAMIC_DEPTH);
};

export const asRecord = (input: unknown) => (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
