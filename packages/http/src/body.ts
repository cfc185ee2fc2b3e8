import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import * as v from "valibot";
import { DomainError } from "@platform/kernel";
import type { ValidationIssue } from "@platform/kernel";
import { sendError } from "./errors.ts";
import { checkStorableJson } from "./storable.ts";

/** The Node request under Hono's Node server (undefined under `app.request` and other runtimes). */
const incomingOf = (c: Context): IncomingMessage | undefined =>
  (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

/**
 * What every request is judged by before any route runs, in one layer (each layer of middleware costs a few
 * microseconds of a trivial request's 30):
 * - a body over `maxBytes` is 413 PAYLOAD_TOO_LARGE in the contract's shape. A request with a Content-Length (or no
 *   body at all) is judged from its headers alone; only a chunked body goes through Hono's counting reader. Asking for
 *   `c.req.raw.body` makes the Node server build a whole fetch Request, which most requests never need;
 * - then a path or query with an encoded NUL (`%00`) is 400: no id or filter may contain one, and PostgreSQL cannot
 *   store it. This is the query's storable-text check: percent-decoding never yields a lone surrogate (invalid UTF-8
 *   decodes to U+FFFD or stays as written), so NUL is the only unstorable text a URL can carry.
 */
export const requestGuards = (maxBytes: number): MiddlewareHandler => {
  const tooLarge = (c: Context) =>
    sendError(c, new DomainError("PAYLOAD_TOO_LARGE", `Request body exceeds ${maxBytes} bytes`));
  const streaming = honoBodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return (c, next) => {
    const proceed = () => {
      if (/%00/i.test(c.req.url))
        throw new DomainError("INVALID_REQUEST", "The URL must not contain an encoded NUL (%00)");
      return next();
    };
    const length = c.req.header("content-length");
    if (c.req.header("transfer-encoding") === undefined) {
      if (length !== undefined) {
        const n = Number(length);
        if (Number.isInteger(n) && n >= 0) return n > maxBytes ? Promise.resolve(tooLarge(c)) : proceed();
        // HTTP/1.x framing: no length, no chunks, no body
      } else if (incomingOf(c)?.httpVersionMajor === 1) return proceed();
    }
    return streaming(c, proceed);
  };
};

/**
 * The body as text. Under the Node server, a body of known length nobody has read yet is
 * read from the Node stream itself (no fetch Request built); otherwise Hono's reader.
 */
const bodyText = async (c: Context): Promise<string> => {
  const incoming = incomingOf(c);
  if (
    incoming &&
    c.req.header("content-length") !== undefined &&
    c.req.header("transfer-encoding") === undefined &&
    !incoming.readableDidRead
  ) {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
    } catch {
      // The client went away mid-body: its request, not a bug of ours.
      throw new DomainError("INVALID_REQUEST", "The request body ended early");
    }
    return Buffer.concat(chunks).toString("utf8");
  }
  return c.req.text();
};

/**
 * A plain JSON object, not an array: valibot's `record` and object schemas would also take
 * (and convert) an array. Put it first in a pipe: `v.pipe(plainObject, v.record(…))`.
 */
export const plainObject = v.custom<Record<string, unknown>>(
  (o) => typeof o === "object" && o !== null && !Array.isArray(o),
  "must be an object",
);

/**
 * `v.record(key, value)` that keeps every own key. valibot's record silently drops the keys
 * `__proto__`, `prototype` and `constructor` (its guard against prototype pollution), so a
 * principal's `constructor` attribute would vanish on write. This one validates every key
 * and value and builds its output with `Object.fromEntries` (own data properties, never a
 * prototype change); readers of such records must use `Object.hasOwn` or `Map`s. It keeps
 * the record's shape for the published JSON Schema.
 */
export const ownRecord = <K extends v.GenericSchema<string, string>, V extends v.GenericSchema>(
  key: K,
  value: V,
): v.RecordSchema<K, V, undefined> => {
  const base = v.record(key, value);
  const schema: v.RecordSchema<K, V, undefined> = {
    ...base,
    "~run"(dataset, config) {
      const input = dataset.value;
      if (typeof input !== "object" || input === null || Array.isArray(input)) return base["~run"](dataset, config);
      const issues: v.BaseIssue<unknown>[] = [];
      const out: [string, unknown][] = [];
      for (const k of Object.keys(input)) {
        const item = (input as Record<string, unknown>)[k];
        const at = (origin: "key" | "value") =>
          ({ type: "object", origin, input: input as Record<string, unknown>, key: k, value: item }) as const;
        const keyResult = key["~run"]({ value: k }, config);
        if (keyResult.issues) {
          for (const i of keyResult.issues) issues.push({ ...i, path: [at("key")] });
          continue;
        }
        const valueResult = value["~run"]({ value: item }, config);
        if (valueResult.issues) {
          for (const i of valueResult.issues) issues.push({ ...i, path: [at("value"), ...(i.path ?? [])] });
          continue;
        }
        out.push([keyResult.value as string, valueResult.value]);
      }
      if (issues.length > 0)
        return { typed: false, value: input, issues } as unknown as ReturnType<(typeof base)["~run"]>;
      return { typed: true, value: Object.fromEntries(out) } as unknown as ReturnType<(typeof base)["~run"]>;
    },
  };
  // Standard Schema callers validate through this one too, not through the spread base's.
  return {
    ...schema,
    "~standard": {
      ...base["~standard"],
      validate: (input: unknown) => {
        const r = schema["~run"]({ value: input }, {});
        return (r.issues ? { issues: r.issues } : { value: r.value }) as ReturnType<
          (typeof base)["~standard"]["validate"]
        >;
      },
    },
  };
};

/** A body whose fields are all optional: `[]` must not pass as an empty object. */
export const objectBody = <E extends v.ObjectEntries>(entries: E) => v.pipe(plainObject, v.strictObject(entries));

/** valibot issues as the contract's `{path, message}` list. */
export const toIssues = (issues: readonly v.BaseIssue<unknown>[]): ValidationIssue[] =>
  issues.map((i) => ({ path: (i.path ?? []).map((p) => String(p.key)).join(".") || "(body)", message: i.message }));

/** A valibot issue's path under `prefix`, indexes in brackets: `manifest.ingresses[2].properties.route`. */
export const issuePath = (prefix: string, issue: v.BaseIssue<unknown>): string =>
  (issue.path ?? []).reduce(
    (out, p) => (typeof p.key === "number" ? `${out}[${p.key}]` : `${out}.${String(p.key)}`),
    prefix,
  );

/** Validates `value` with a valibot schema; VALIDATION_FAILED naming every bad field. */
export const validate = <S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  what = "Request body",
): v.InferOutput<S> => {
  const r = v.safeParse(schema, value);
  if (!r.success) throw new DomainError("VALIDATION_FAILED", `${what} is invalid`, toIssues(r.issues));
  return r.output;
};

/** Reads a JSON body: 415 when it is not JSON, 400 INVALID_REQUEST when malformed. */
export const readJson = async (c: Context): Promise<unknown> => {
  const type = c.req.header("Content-Type") ?? "";
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type))
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json");
  const text = await bodyText(c);
  if (text.trim() === "") throw new DomainError("INVALID_REQUEST", "Request body is empty");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DomainError("INVALID_REQUEST", "Request body is not valid JSON");
  }
  // Text PostgreSQL cannot store (NUL, lone surrogates) or absurd nesting is a 400 here, never a 500 later.
  const issues: ValidationIssue[] = [];
  checkStorableJson(value, "", issues);
  if (issues.length > 0)
    throw new DomainError(
      "VALIDATION_FAILED",
      "Request body is invalid",
      issues.map((i) => ({ ...i, path: i.path || "(body)" })),
    );
  return value;
};

/** Reads and validates a JSON body in one step. */
export const jsonBody = async <S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> =>
  validate(schema, await readJson(c));
