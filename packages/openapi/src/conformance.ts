import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import type { GenericSchema } from "valibot";
import type { ContextContract, Operation } from "@platform/host";
import { allOperations } from "./document.ts";

type Node = {
  readonly type: string;
  readonly entries?: Readonly<Record<string, Node>>;
  readonly wrapped?: Node;
  readonly item?: Node;
  readonly value?: Node;
  readonly options?: readonly Node[];
  readonly getter?: (input: unknown) => Node;
};

const WRAPPERS = new Set([
  "optional",
  "exact_optional",
  "nullable",
  "nullish",
  "undefinedable",
  "non_nullable",
  "non_optional",
  "non_nullish",
]);

/**
 * Fields of `value` its schema does not name, as dot paths: valibot's `object` passes them
 * silently, but a published response schema that leaves a field out is wrong all the same.
 */
export const undocumentedFields = (schema: GenericSchema, value: unknown, path = ""): string[] => {
  const node = schema as unknown as Node;
  if (value === null || value === undefined) return [];
  if (WRAPPERS.has(node.type) && node.wrapped)
    return undocumentedFields(node.wrapped as unknown as GenericSchema, value, path);
  if (node.type === "lazy" && node.getter)
    return undocumentedFields(node.getter(value) as unknown as GenericSchema, value, path);
  if ((node.type === "union" || node.type === "variant") && node.options) {
    const match = node.options.find((o) => v.safeParse(o as unknown as GenericSchema, value).success);
    return match ? undocumentedFields(match as unknown as GenericSchema, value, path) : [];
  }
  if (node.type === "array" && node.item && Array.isArray(value))
    return value.flatMap((x, i) => undocumentedFields(node.item as unknown as GenericSchema, x, `${path}[${i}]`));
  if (node.type === "record" && node.value && typeof value === "object")
    return Object.entries(value).flatMap(([k, x]) =>
      undocumentedFields(node.value as unknown as GenericSchema, x, `${path}.${k}`),
    );
  if ((node.type === "object" || node.type === "strict_object") && node.entries && typeof value === "object") {
    const entries = node.entries;
    return Object.entries(value).flatMap(([k, x]) =>
      Object.hasOwn(entries, k)
        ? undocumentedFields(entries[k] as unknown as GenericSchema, x, `${path}.${k}`)
        : [`${path}.${k}`.slice(1)],
    );
  }
  return [];
};

type Matcher = {
  readonly op: Operation;
  readonly method: string;
  readonly pattern: RegExp;
  readonly wide: RegExp;
  readonly params: number;
};

const matcherOf = (op: Operation): Matcher => {
  const source = (param: string) =>
    op.path
      .split("/")
      .map((segment) => (segment.startsWith("{") ? param : segment.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
      .join("/");
  // `wide`: a parameter may span segments (job definition ids such as apps/<app>/<id>).
  return {
    op,
    method: op.method.toUpperCase(),
    pattern: new RegExp(`^${source("[^/]+")}$`),
    wide: new RegExp(`^${source(".+")}$`),
    params: (op.path.match(/\{/g) ?? []).length,
  };
};

/** Why `body` is not what `op` publishes for a success answer, or undefined when it is. */
export const responseMismatch = (op: Operation, body: unknown): string | undefined => {
  const schema = op.list
    ? v.object({
        totalCount: v.number(),
        firstCursor: v.nullable(v.string()),
        lastCursor: v.nullable(v.string()),
        [op.list]: v.array(op.item ?? v.unknown()),
      })
    : op.response;
  if (!schema) return undefined;
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) return parsed.issues.map((i) => `${v.getDotPath(i) ?? "(body)"}: ${i.message}`).join("; ");
  const extra = undocumentedFields(schema, body);
  return extra.length ? `undocumented fields: ${extra.join(", ")}` : undefined;
};

/**
 * For test platforms: every JSON success answer of a published operation is checked against
 * the operation's response (or list item) schema; a mismatch turns the answer into a 500
 * saying what differs (also written to stderr), so the test fails. Keeps /openapi.json's response schemas true to what
 * is served.
 */
export const responseConformance = (contracts: readonly ContextContract[]): MiddlewareHandler => {
  // Literal segments win over parameters (/resources/actors/order/{id} before /resources/actors/{type}/{id}).
  const matchers = allOperations(contracts)
    .filter((op) => op.response || op.list)
    .map(matcherOf)
    .sort((a, b) => a.params - b.params);
  return async (c, next) => {
    await next();
    const status = c.res.status;
    const success = status >= 200 && status < 300 && status !== 204;
    if (
      !(success || status === 422) ||
      !/^application\/([\w.-]+\+)?json\b/.test(c.res.headers.get("Content-Type") ?? "")
    )
      return;
    const path = c.req.path;
    const matcher =
      matchers.find((m) => m.method === c.req.method && m.pattern.test(path)) ??
      matchers.find((m) => m.method === c.req.method && m.wide.test(path));
    if (!matcher) return;
    const { op } = matcher;
    // An error answer is checked only where the operation answers it with its response body.
    if (!success && !op.rejectedWithResponse?.includes(status)) return;
    const problem =
      status !== op.success && !op.alsoSuccess?.includes(status) && !op.rejectedWithResponse?.includes(status)
        ? `${op.operationId} answered ${status}, which its contract does not publish`
        : responseMismatch(op, await c.res.clone().json());
    if (!problem) return;
    const message =
      `${op.operationId} (${c.req.method} ${path}) answered ${status} ` +
      `with a body its published schema does not describe: ${problem}`;
    process.stderr.write(`response conformance: ${message}\n`);
    c.res = new Response(JSON.stringify({ error: { code: "INTERNAL", message } }), {
      status: 500,
      headers: { "Content-Type": "application/json" },
    });
  };
};
