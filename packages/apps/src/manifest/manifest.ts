import * as v from "valibot";
import { parseAce } from "@platform/kernel";

/** App, component and ingress ids: one path segment (they appear in URLs and `<appId>/<componentId>`). */
export const ID_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._~-]{1,64}$/;
/** A route: segments of `[A-Za-z0-9._~-]` joined by `/`, matched exactly; `.` and `..` never reach us unresolved. */
const ROUTE_PATTERN = /^(?!.*(^|\/)\.{1,2}(\/|$))[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/;
export const INGRESS_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const Id = v.pipe(v.string("must be a string"), v.regex(ID_PATTERN, "must be 1 to 64 of A-Z a-z 0-9 . _ ~ -"));
const Text = (max: number) =>
  v.pipe(v.string("must be a string"), v.maxLength(max, `must be at most ${max} characters`));
const Ace = v.pipe(
  v.string("must be a string"),
  v.check((s) => parseAce(s) !== undefined, "is not an access control entry (resource:permission)"),
);

const IngressProperties = v.strictObject({
  route: v.pipe(
    v.string("must be a string"),
    v.maxLength(256, "must be at most 256 characters"),
    v.regex(ROUTE_PATTERN, "must be path segments of A-Z a-z 0-9 . _ ~ - joined by /"),
  ),
  httpMethod: v.pipe(
    v.string("must be a string"),
    v.description("GET, POST, PUT, PATCH or DELETE (any case)"),
    v.transform((s) => s.toUpperCase()),
    v.picklist(INGRESS_METHODS, `must be one of ${INGRESS_METHODS.join(", ")}`),
  ),
  body: v.optional(v.strictObject({ mode: v.picklist(["structured"], "must be structured") }), { mode: "structured" }),
  isPublic: v.optional(v.boolean("must be true or false"), false),
});

const Ingress = v.strictObject({
  id: Id,
  componentId: Id,
  acl: v.optional(
    v.pipe(v.array(Ace, "must be an array of ACE strings"), v.maxLength(100, "must hold at most 100 entries")),
    [],
  ),
  type: v.picklist(["http"], "must be http"),
  properties: IngressProperties,
});

/** The spec's manifest ("App manifest"), strict: a misspelt field is an error, not ignored. */
export const ManifestSchema = v.strictObject({
  id: Id,
  name: Text(200),
  description: v.optional(Text(2000), ""),
  authors: v.optional(
    v.pipe(v.array(Text(200), "must be an array of strings"), v.maxLength(50, "must hold at most 50 authors")),
    [],
  ),
  extensions: v.optional(v.strictObject({ portal: v.optional(Text(512)) })),
  components: v.pipe(
    v.array(v.strictObject({ id: Id }), "must be an array of {id}"),
    v.maxLength(100, "must hold at most 100 components"),
  ),
  ingresses: v.optional(
    v.pipe(v.array(Ingress, "must be an array of ingresses"), v.maxLength(100, "must hold at most 100 ingresses")),
    [],
  ),
  /** Job definitions the app brings (stored as `apps/<appId>/<id>`); the jobs context reads them. */
  jobDefinitions: v.optional(
    v.pipe(
      v.array(v.looseObject({ id: Text(256) }), "must be an array of job definitions"),
      v.maxLength(100, "must hold at most 100 definitions"),
    ),
  ),
});

export type Manifest = v.InferOutput<typeof ManifestSchema>;
export type IngressSpec = v.InferOutput<typeof Ingress>;
