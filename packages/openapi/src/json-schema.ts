import { toJsonSchema } from "@valibot/to-json-schema";
import type { ConversionConfig, JsonSchema } from "@valibot/to-json-schema";
import type { GenericSchema } from "valibot";

/**
 * JSON Schema patterns have no flags: a case-insensitive regex (`/…/i`) would reject input
 * the server accepts, so it is published as a comment, not a pattern.
 */
const overrideAction: ConversionConfig["overrideAction"] = ({ valibotAction, jsonSchema }) => {
  if (valibotAction.type !== "regex") return undefined;
  const { requirement } = valibotAction as unknown as { requirement: RegExp };
  if (!requirement.flags) return undefined;
  const { pattern: _dropped, ...rest } = jsonSchema;
  return { ...rest, $comment: `Matches /${requirement.source}/${requirement.flags}` };
};

type Node = {
  readonly kind?: string;
  readonly type?: string;
  readonly pipe?: readonly Node[];
  readonly [key: string]: unknown;
};

/**
 * A guard first in a pipe (`v.pipe(plainObject, v.strictObject(…))`, see @platform/http)
 * refuses arrays that valibot's object and record schemas would take. JSON Schema's
 * `"type": "object"` already refuses them, but a converter in input mode describes a pipe
 * by its first schema, the unconvertible custom guard. So each such pipe is published as
 * the schema behind its guard, at any depth.
 */
const unguard = (node: Node): Node => {
  if (typeof node !== "object" || node === null) return node;
  let n: Node = node;
  if (n.type === "custom" && n.pipe && n.pipe[1]?.kind === "schema") n = { ...n.pipe[1], pipe: n.pipe.slice(1) };
  const out: Record<string, unknown> = { ...n };
  for (const key of ["wrapped", "item", "key", "value", "rest"]) if (n[key]) out[key] = unguard(n[key] as Node);
  if (n.entries)
    out.entries = Object.fromEntries(
      Object.entries(n.entries as Record<string, Node>).map(([k, e]) => [k, unguard(e)]),
    );
  if (Array.isArray(n.options)) out.options = (n.options as Node[]).map(unguard);
  if (n.pipe) {
    // pipe[0] is the schema itself (without its pipe): the converter reads it from there. A
    // pipe that starts with a piped schema (`v.pipe(Queue, v.description(…))`) keeps that one's pipe.
    const { pipe: _own, ...self } = out;
    out.pipe = n.pipe.map((p, idx) => (idx === 0 && !p.pipe ? self : p.kind === "schema" ? unguard(p) : p));
  }
  return out as Node;
};

/**
 * A valibot schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), describing what a
 * client sends (`input`, the default) or what the service answers (`output`). Actions JSON
 * Schema cannot say (custom checks, trims) are left out rather than failing, so the output
 * depends only on the schemas' shapes.
 */
export const jsonSchemaOf = (schema: GenericSchema, typeMode: "input" | "output" = "input"): JsonSchema => {
  const { $schema: _dialect, ...rest } = toJsonSchema(unguard(schema as unknown as Node) as unknown as GenericSchema, {
    target: "draft-2020-12",
    typeMode,
    errorMode: "ignore",
    overrideAction,
  });
  return rest;
};
