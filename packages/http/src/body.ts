import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import * as v from "valibot";
import { DomainError } from "@platform/kernel";
import type { ValidationIssue } from "@platform/kernel";
import { errorBody } from "./errors.ts";

/** Bodies over `maxBytes` → 413 PAYLOAD_TOO_LARGE in the contract's shape. */
export const bodyLimit = (maxBytes: number): MiddlewareHandler =>
  honoBodyLimit({ maxSize: maxBytes, onError: (c) => c.json(errorBody("PAYLOAD_TOO_LARGE", `Request body exceeds ${maxBytes} bytes`), 413) });

/** valibot issues as the contract's `{path, message}` list. */
export const toIssues = (issues: readonly v.BaseIssue<unknown>[]): ValidationIssue[] =>
  issues.map((i) => ({ path: (i.path ?? []).map((p) => String(p.key)).join(".") || "(body)", message: i.message }));

/** Validates `value` with a valibot schema; VALIDATION_FAILED naming every bad field. */
export const validate = <S extends v.GenericSchema>(schema: S, value: unknown, what = "Request body"): v.InferOutput<S> => {
  const r = v.safeParse(schema, value);
  if (!r.success) throw new DomainError("VALIDATION_FAILED", `${what} is invalid`, toIssues(r.issues));
  return r.output;
};

/** Reads a JSON body: 415 when it is not JSON, 400 INVALID_REQUEST when malformed. */
export const readJson = async (c: Context): Promise<unknown> => {
  const type = c.req.header("Content-Type") ?? "";
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type)) throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json");
  const text = await c.req.text();
  if (text.trim() === "") throw new DomainError("INVALID_REQUEST", "Request body is empty");
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError("INVALID_REQUEST", "Request body is not valid JSON");
  }
};

/** Reads and validates a JSON body in one step. */
export const jsonBody = async <S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> => validate(schema, await readJson(c));
