import fc from "fast-check";

/** The part of JSON Schema the contracts' request bodies use (as @platform/openapi's jsonSchemaOf writes them). */
export type JsonSchema = {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly format?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minimum?: number;
  readonly maximum?: number;
};

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.constantFrom("fuzz@example.test", "a.b+c@example.org", "x@y"),
  uuid: fc.uuid({ version: 7 }),
  "date-time": fc
    .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString()),
  uri: fc.constantFrom("https://example.test/cb", "http://localhost/x", "urn:x"),
};

/** Plain text that looks like what a field holds: short words, sometimes empty or odd. */
const text = (min = 0, max = 24) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.string({ minLength: Math.min(min, 24), maxLength: Math.max(Math.min(max, 24), Math.min(min, 24)) }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "fuzz",
        "order",
        "iam/principals:read",
        "* * * * *",
        "Europe/Berlin",
        "system:owner",
        "0",
      ),
    },
  );

/**
 * Plausible values for a JSON Schema: what a client that read /openapi.json would send,
 * before a mutation makes them wrong. Deep schemas end in plain JSON values after `depth`.
 */
export const valuesOf = (schema: JsonSchema | undefined, depth = 4): fc.Arbitrary<unknown> => {
  if (!schema || depth <= 0) return fc.jsonValue({ maxDepth: 1 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) return fc.oneof(...options.map((o) => valuesOf(o, depth)));
  const type = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => valuesOf({ ...schema, type: t }, depth)));
  switch (type[0]) {
    case "string":
      return (schema.format ? FORMATS[schema.format] : undefined) ?? text(schema.minLength, schema.maxLength);
    case "integer":
      return fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 1000 });
    case "number":
      return fc.double({ min: schema.minimum ?? -10, max: schema.maximum ?? 1000, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(valuesOf(schema.items, depth - 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case "object": {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const known = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, valuesOf(s, depth - 1)]));
      const record = fc.record(known, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
      if (typeof schema.additionalProperties !== "object") return record;
      const extra = fc.dictionary(
        fc.string({ minLength: 1, maxLength: 8 }),
        valuesOf(schema.additionalProperties, depth - 1),
        { maxKeys: 3 },
      );
      return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};
