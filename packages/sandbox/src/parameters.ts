import type { ValidationIssue } from "@platform/kernel";
import * as v from "valibot";
import type { Json } from "./json.ts";

/**
 * A component's typed parameters (docs/APPS.md): each is declared as
 * `{type, default?, properties?, items?, description?}`; `type` is one type name or a list
 * (a union; `"nothing"` in it makes the parameter nullable). The declaration is checked once
 * at compile and turned into one valibot schema that validates and fills in a run's input.
 */
export type ParameterTypeName = "text" | "number" | "boolean" | "instant" | "object" | "array" | "nothing";
export type ParameterSpec = {
  readonly type: ParameterTypeName | readonly ParameterTypeName[];
  readonly default?: Json;
  readonly properties?: Readonly<Record<string, ParameterSpec>>;
  readonly items?: ParameterSpec;
  readonly description?: string;
};
export type Parameters = Readonly<Record<string, ParameterSpec>>;

const TYPE_NAMES: readonly ParameterTypeName[] = ["text", "number", "boolean", "instant", "object", "array", "nothing"];
const SPEC_KEYS = new Set(["type", "default", "properties", "items", "description"]);
const NAME_RE = /^[A-Za-z_$][A-Za-z0-9_$]{0,99}$/;
const MAX_DEPTH = 16;

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

const typesOf = (spec: ParameterSpec): readonly ParameterTypeName[] =>
  typeof spec.type === "string" ? [spec.type] : spec.type;

// ---------------------------------------------------------------- the declaration

/**
 * Checks a declaration as the component exported it (already plain JSON); every problem is
 * an issue whose path starts at `parameters`. Defaults are checked against their own type.
 */
export const checkDeclaration = (declared: unknown): ValidationIssue[] => {
  const issues: ValidationIssue[] = [];
  if (!isPlainObject(declared)) {
    issues.push({ path: "parameters", message: "must be an object of parameter declarations" });
    return issues;
  }
  checkProperties(declared, "parameters", 1, issues);
  return issues;
};

const checkProperties = (props: Record<string, unknown>, path: string, depth: number, issues: ValidationIssue[]) => {
  for (const [name, spec] of Object.entries(props)) {
    const at = `${path}.${name}`;
    if (!NAME_RE.test(name) || name === "__proto__") {
      issues.push({
        path: at,
        message: "a parameter name is a JavaScript identifier of at most 100 characters (not __proto__)",
      });
      continue;
    }
    checkSpec(spec, at, depth, issues);
  }
};

const checkSpec = (spec: unknown, at: string, depth: number, issues: ValidationIssue[]) => {
  const before = issues.length;
  if (depth > MAX_DEPTH) {
    issues.push({ path: at, message: `declarations nest at most ${MAX_DEPTH} levels deep` });
    return;
  }
  if (!isPlainObject(spec)) {
    issues.push({ path: at, message: "must be an object with a type" });
    return;
  }
  for (const key of Object.keys(spec)) {
    if (!SPEC_KEYS.has(key))
      issues.push({
        path: `${at}.${key}`,
        message: "unknown key (expected type, default, properties, items or description)",
      });
  }
  const type = spec.type;
  const names = typeof type === "string" ? [type] : Array.isArray(type) ? type : undefined;
  if (
    names === undefined ||
    names.length === 0 ||
    !names.every((n) => typeof n === "string" && (TYPE_NAMES as readonly string[]).includes(n)) ||
    new Set(names).size !== names.length
  ) {
    issues.push({ path: `${at}.type`, message: `must be one of ${TYPE_NAMES.join(", ")}, or a list of distinct ones` });
    return;
  }
  if (spec.description !== undefined && typeof spec.description !== "string") {
    issues.push({ path: `${at}.description`, message: "must be text" });
  }
  if (spec.properties !== undefined) {
    if (!names.includes("object"))
      issues.push({ path: `${at}.properties`, message: "only an object parameter has properties" });
    else if (!isPlainObject(spec.properties))
      issues.push({ path: `${at}.properties`, message: "must be an object of parameter declarations" });
    else checkProperties(spec.properties, `${at}.properties`, depth + 1, issues);
  }
  if (spec.items !== undefined) {
    if (!names.includes("array")) issues.push({ path: `${at}.items`, message: "only an array parameter has items" });
    else checkSpec(spec.items, `${at}.items`, depth + 1, issues);
  }
  if (spec.default !== undefined && issues.length === before) {
    const r = v.safeParse(valueSchema(spec as ParameterSpec), spec.default);
    if (!r.success) issues.push(...toIssues(r.issues, `${at}.default`));
  }
};

// ---------------------------------------------------------------- the schema

const describe: Record<ParameterTypeName, string> = {
  text: "text",
  number: "a number",
  boolean: "true or false",
  instant: "an ISO 8601 instant with a time zone (2026-11-24T10:00:00Z)",
  object: "an object",
  array: "an array",
  nothing: "null",
};

const INSTANT_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/i;

/** An ISO 8601 instant with an offset, as UTC (`…T…Z`, milliseconds); undefined when it is not one. */
export const normaliseInstant = (text: string): string | undefined => {
  const m = INSTANT_RE.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = "00", frac = "", zone, oh = "00", om = "00"] = m;
  const year = Number(y),
    month = Number(mo),
    day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59 || Number(oh) > 23 || Number(om) > 59) return undefined;
  const millis = frac === "" ? 0 : Math.floor(Number(`0${frac}`) * 1000);
  const sign = zone!.toUpperCase() === "Z" ? 0 : zone!.startsWith("-") ? -1 : 1;
  const offsetMinutes = sign * (Number(oh) * 60 + Number(om));
  const at = Date.UTC(year, month - 1, day, Number(h), Number(mi), Number(s), millis) - offsetMinutes * 60_000;
  // Date.UTC maps years 0–99 to 1900–1999; an instant is always a four-digit year.
  const date = new Date(at);
  if (year < 100) date.setUTCFullYear(date.getUTCFullYear() - 1900);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

type Schema = v.GenericSchema<unknown, unknown>;

const freeObject: Schema = v.custom<Record<string, unknown>>(isPlainObject, describeExpected(["object"]));

function describeExpected(names: readonly ParameterTypeName[]): string {
  return `expected ${names.map((n) => describe[n]).join(" or ")}`;
}

const typeSchema = (name: ParameterTypeName, spec: ParameterSpec): Schema => {
  const message = describeExpected([name]);
  switch (name) {
    case "text":
      return v.string(message);
    case "number":
      return v.pipe(v.number(message), v.finite(message));
    case "boolean":
      return v.boolean(message);
    case "instant":
      return v.pipe(
        v.string(message),
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          const utc = normaliseInstant(dataset.value);
          if (utc === undefined) {
            addIssue({ message });
            return NEVER;
          }
          return utc;
        }),
      );
    case "object":
      return spec.properties ? objectSchema(spec.properties) : freeObject;
    case "array":
      return v.array(spec.items ? valueSchema(spec.items) : v.unknown(), message);
    case "nothing":
      return v.null(message);
  }
};

/** The schema of one value of `spec` (present; absence is its object's business). */
const valueSchema = (spec: ParameterSpec): Schema => {
  const names = typesOf(spec);
  const others = names.filter((n) => n !== "nothing");
  if (others.length === 0) return v.null(describeExpected(["nothing"]));
  const base =
    others.length === 1
      ? typeSchema(others[0]!, spec)
      : v.union(
          others.map((n) => typeSchema(n, spec)),
          describeExpected(others),
        );
  return names.includes("nothing") ? v.nullable(base) : base;
};

/** Unknown keys and missing required ones get plain messages; the object's own type check too. */
const objectMessage = (issue: v.BaseIssue<unknown>): string => {
  if (issue.expected === "never") return "not a declared parameter";
  if (issue.kind === "schema" && issue.received === "undefined" && issue.expected?.startsWith('"')) return "required";
  return describeExpected(["object"]);
};

const objectSchema = (properties: Readonly<Record<string, ParameterSpec>>): Schema => {
  // No prototype: a parameter may be called `constructor` and still be an ordinary entry.
  const entries: Record<string, Schema> = Object.create(null);
  for (const [name, spec] of Object.entries(properties)) {
    const names = typesOf(spec);
    const value = valueSchema(spec);
    const fallback = spec.default;
    entries[name] =
      fallback !== undefined
        ? v.optional(value, () => structuredClone(fallback))
        : names.includes("nothing")
          ? v.optional(value, null)
          : value;
  }
  return v.pipe(freeObject, v.strictObject(entries, objectMessage));
};

/** The declaration, compiled once: validates a run's input and fills in defaults and nulls. */
export const compileParameters = (parameters: Parameters): Schema => objectSchema(parameters);

export const toIssues = (issues: readonly v.BaseIssue<unknown>[], root: string): ValidationIssue[] =>
  issues.map((i) => {
    const keys = (i.path ?? []).map((p) => String(p.key));
    return { path: [root, ...keys].filter((k) => k !== "").join(".") || root, message: i.message };
  });

const MAX_INPUT_DEPTH = 64;

/**
 * The input as plain data with no prototypes: a declared parameter called `constructor` or
 * `toString` is then absent when it is absent, not Object.prototype's function. Undefined when
 * it nests deeper than any declaration can.
 */
const asData = (value: unknown, depth = 0): unknown => {
  if (typeof value !== "object" || value === null) return value;
  if (depth > MAX_INPUT_DEPTH) throw new RangeError("too deep");
  if (Array.isArray(value)) return value.map((x) => asData(x, depth + 1));
  const out: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) out[key] = asData((value as Record<string, unknown>)[key], depth + 1);
  return out;
};

/** Validates a run's input; the filled-in parameters, or every bad field with its path. */
export const validateInput = (
  schema: Schema,
  input: unknown,
): { ok: true; value: Record<string, unknown> } | { ok: false; issues: ValidationIssue[] } => {
  let data: unknown;
  try {
    data = asData(input);
  } catch {
    return { ok: false, issues: [{ path: "(parameters)", message: `nests deeper than ${MAX_INPUT_DEPTH} levels` }] };
  }
  const r = v.safeParse(schema, data);
  if (r.success) return { ok: true, value: r.output as Record<string, unknown> };
  return { ok: false, issues: toIssues(r.issues, "").map((i) => ({ ...i, path: i.path || "(parameters)" })) };
};

/**
 * Checks an input against a declaration without running anything (a job's parameters when it
 * is scheduled): the filled-in parameters, or every bad field with its path. The compiled
 * schema is kept per declaration object.
 */
const compiledByDeclaration = new WeakMap<Parameters, Schema>();
export const checkParameters = (parameters: Parameters, input: unknown) => {
  let schema = compiledByDeclaration.get(parameters);
  if (!schema) compiledByDeclaration.set(parameters, (schema = compileParameters(parameters)));
  return validateInput(schema, input);
};
