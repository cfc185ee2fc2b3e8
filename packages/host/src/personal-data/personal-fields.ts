import * as v from "valibot";
import type { GenericSchema } from "valibot";

type Node = {
  readonly type?: string;
  readonly kind?: string;
  readonly pipe?: readonly Node[];
  readonly entries?: Readonly<Record<string, Node>>;
  readonly wrapped?: Node;
  readonly metadata?: Readonly<Record<string, unknown>>;
};

/** Published as is in the JSON schemas (an `x-` extension keyword). */
const PERSONAL = { "x-personal": true } as const;

/**
 * Marks a field of an event's `data` schema as personal data of the stream's subject: the
 * platform stores it encrypted under the subject's own key, and erasing the subject makes it
 * read `null` for ever (docs/PRIVACY.md).
 */
export const personal = <S extends GenericSchema>(schema: S) => v.pipe(schema, v.metadata(PERSONAL));

const isPersonal = (node: Node): boolean =>
  !!node.pipe?.some((a) => a.type === "metadata" && a.metadata?.["x-personal"] === true);

/** The schema of an object, seen through pipes, optionals and nullables; undefined when it is not one. */
const objectOf = (node: Node): Node | undefined => {
  if (node.type === "object" || node.type === "strict_object" || node.type === "loose_object") return node;
  if (node.wrapped) return objectOf(node.wrapped);
  return undefined;
};

/** The dot paths of the personal fields an event's data schema marks (`properties.email`), in declaration order. */
export const personalPaths = (schema: GenericSchema): string[] => {
  const out: string[] = [];
  const walk = (node: Node, prefix: string) => {
    const obj = objectOf(node);
    if (!obj?.entries) return;
    for (const [key, entry] of Object.entries(obj.entries)) {
      if (isPersonal(entry)) out.push(prefix + key);
      else walk(entry, `${prefix}${key}.`);
    }
  };
  walk(schema as unknown as Node, "");
  return out;
};

/**
 * The schema as an erased event's data satisfies it: every personal field may also be null.
 * Schemas without personal fields come back as they are.
 */
export const erasable = (schema: GenericSchema): GenericSchema => {
  if (personalPaths(schema).length === 0) return schema;
  const rebuild = (node: Node): GenericSchema => {
    if (isPersonal(node)) return v.nullable(node as unknown as GenericSchema);
    if (node.type === "optional" && node.wrapped) return v.optional(rebuild(node.wrapped));
    if (node.type === "nullable" && node.wrapped) return v.nullable(rebuild(node.wrapped));
    const obj = objectOf(node);
    if (obj !== node || !obj.entries || personalPaths(node as unknown as GenericSchema).length === 0)
      return node as unknown as GenericSchema;
    return v.object(Object.fromEntries(Object.entries(obj.entries).map(([k, e]) => [k, rebuild(e)])));
  };
  return rebuild(schema as unknown as Node);
};

/** Event type → its personal paths, for the event types whose schemas mark any. */
export const personalFieldsOf = (events: Readonly<Record<string, GenericSchema>>): Record<string, readonly string[]> =>
  Object.fromEntries(
    Object.entries(events).flatMap(([type, schema]) => {
      const paths = personalPaths(schema);
      return paths.length ? [[type, paths]] : [];
    }),
  );
