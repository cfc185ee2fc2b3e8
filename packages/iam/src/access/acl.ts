import * as v from "valibot";
import { formatAce, parseAce } from "@platform/kernel";

/** One ACL entry as the API shows it. */
type AclEntry = { readonly resource: string; readonly permission: string };

const MAX_ENTRIES = 200;
const aceString = v.pipe(
  v.string(),
  v.maxLength(200),
  v.check((s) => parseAce(s) !== undefined, "must be an ACE such as iam/principals:read"),
);
const entry = v.strictObject({
  resource: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  permission: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
});

/** `{entries: [{resource, permission}]}`: the role shape, and what reads return. */
const AclEntriesSchema = v.strictObject({ entries: v.pipe(v.array(entry), v.maxLength(MAX_ENTRIES)) });

/** Either ACL shape the spec shows: an array of ACE strings or `{entries: [...]}`. */
export const AclInputSchema = v.union([v.pipe(v.array(aceString), v.maxLength(MAX_ENTRIES)), AclEntriesSchema]);
export type AclInput = v.InferOutput<typeof AclInputSchema>;

/** Normalises either shape to canonical ACE strings (deduplicated, order kept); throws on a bad entry. */
export const aclToAces = (acl: AclInput): string[] => {
  const raw = Array.isArray(acl) ? acl : acl.entries.map((e) => `${e.resource}:${e.permission}`);
  const out: string[] = [];
  raw.forEach((text) => {
    const ace = parseAce(text);
    if (!ace) throw new AclError(text);
    const canonical = formatAce(ace);
    if (!out.includes(canonical)) out.push(canonical);
  });
  return out;
};

export class AclError extends Error {
  constructor(readonly ace: string) {
    super(`'${ace}' is not a valid access control entry`);
  }
}

/** ACE strings as `{entries}` for responses. */
export const acesToAcl = (aces: readonly string[]): { entries: AclEntry[] } => ({
  entries: aces.map((s) => {
    const ace = parseAce(s)!;
    return { resource: ace.resource.join("/"), permission: ace.permission };
  }),
});
