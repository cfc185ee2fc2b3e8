import fc from "fast-check";
import type { Operation } from "@platform/host";
import { formBodies, jsonBodies, percent } from "./bodies.ts";
import type { FuzzBody } from "./bodies.ts";
import { valuesOf } from "./schema-values.ts";
import type { JsonSchema } from "./schema-values.ts";

/** One request of the fuzz: what is sent, and a label saying what is odd about it. */
export type FuzzRequest = {
  readonly method: string;
  /** Path and query, percent-encoded as sent. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: FuzzBody;
  readonly label: string;
};

/** What a fuzz needs besides the operation: a working token, and real values for path parameters. */
export type FuzzWorld = {
  /** A bearer token that may do everything, so requests get past authentication to the validators. */
  readonly token: string;
  /**
   * Existing values for a path parameter (`/resources/iam/principals/{id}`, "id"), to reach the checks behind the
   * lookup; sent as they are when URL-safe (an app's route `shop/orders`).
   */
  readonly known: (path: string, param: string) => readonly string[];
  /** The request body's JSON Schema (@platform/openapi's jsonSchemaOf in input mode). */
  readonly schemaOf: (op: Operation) => JsonSchema | undefined;
};

const ODD_SEGMENTS = [
  "..",
  ".",
  "%2E%2E",
  "%2F",
  "a%2Fb",
  "%00",
  "%ZZ",
  "%",
  "%ED%A0%80",
  "%C0%80",
  "%C3%A9",
  "%20",
  "*",
  ";x=1",
  "null",
  "-1",
  "0",
  "00000000-0000-0000-0000-000000000000",
  "x".repeat(300),
  "y".repeat(5_000),
  "%E2%80%AE",
  "'%20OR%201=1--",
];

const segment = (known: readonly string[]) =>
  fc.oneof(
    {
      weight: known.length > 0 ? 4 : 0,
      arbitrary:
        known.length > 0
          ? fc.constantFrom(...known).map((k) => (/^[\w.~/-]+$/.test(k) ? k : percent(k)))
          : fc.constant("x"),
    },
    { weight: 2, arbitrary: fc.uuid({ version: 7 }) },
    { weight: 3, arbitrary: fc.constantFrom(...ODD_SEGMENTS) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }).map(percent) },
  );

const ODD_QUERY_VALUES = [
  "",
  "-1",
  "0",
  "1e309",
  "abc",
  "%00",
  "%ZZ",
  "%ED%A0%80",
  "%C0%80",
  "[]",
  "{}",
  "true",
  "2026-13-45T99:99:99Z",
  "2026-01-01T00:00:00Z",
  "eyJ4IjoxfQ",
  "AAAA",
  "'",
  "z".repeat(10_000),
];

const queryValue = fc.oneof(
  fc.constantFrom(...ODD_QUERY_VALUES),
  fc.string({ unit: "binary", maxLength: 16 }).map(percent),
  fc.integer({ min: -5, max: 2000 }).map(String),
);

const queryOf = (op: Operation) => {
  const names = [
    ...Object.keys(op.query ?? {}),
    ...(op.list ? ["limit", "after", "before"] : []),
    "unknown",
    "%00",
    "a%5B%5D",
  ];
  return fc
    .array(fc.tuple(fc.constantFrom(...names), queryValue), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, x]) => `${k}=${x}`).join("&")}` : ""));
};

/** Header values a fetch Headers object accepts (Latin-1, no CR/LF/NUL) that are wrong in every other way. */
const b64 = (s: string) => Buffer.from(s, "latin1").toString("base64");
const garbledAuthorization = fc.constantFrom(
  "Bearer",
  "Bearer ",
  "Bearer  x",
  "Bearer a.b.c",
  "Bearer eyJhbGciOiJub25lIn0.e30.",
  `Bearer ${"A".repeat(12_000)}`,
  "Basic !!!",
  "Basic",
  `Basic ${b64("a\u0000:b\u0000")}`,
  `Basic ${b64(":")}`,
  `Basic ${b64("%00:%ZZ")}`,
  `Basic ${b64("\u00ff\u00fe:x")}`,
  "Digest x",
  "\u00e9\u00e9",
);

const authorization = (token: string) =>
  fc.oneof(
    { weight: 7, arbitrary: fc.constant<string | undefined>(`Bearer ${token}`) },
    { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
    { weight: 3, arbitrary: garbledAuthorization },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `bearer ${token}`,
        `Bearer ${token}x`,
        `Bearer ${token.slice(0, -2)}`,
        `Basic ${b64(`${token}:`)}`,
      ),
    },
  );

const ifMatch = fc.oneof(
  { weight: 3, arbitrary: fc.constant<string | undefined>(undefined) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '"1"',
      'W/"1"',
      "*",
      "garbage",
      '"',
      '"99999999999999999999"',
      '"-1"',
      '"1", "2"',
      `"${"9".repeat(5000)}"`,
      '""',
    ),
  },
);

const extraHeaders = (op: Operation) =>
  fc.record(
    {
      ...Object.fromEntries(
        Object.keys(op.headers ?? {}).map((h) => [
          h,
          fc.constantFrom("x", "", "%00", "\u00e9", "a".repeat(3000), "portal", "e2e-admin"),
        ]),
      ),
      Cookie: fc.constantFrom(
        "portal_at=garbage; portal_csrf=x",
        "oauth_session=%00",
        "a=b",
        "portal_rt=" + "r".repeat(4000),
      ),
      "X-Request-Id": fc.constantFrom("!!", "a".repeat(500), "ok-id"),
      Origin: fc.constantFrom("null", "http://evil.test", "http://localhost:8080"),
    },
    { requiredKeys: [] },
  );

/** Odd requests to `op`: its path with real and odd parameters, odd queries, headers and bodies. */
export const fuzzRequests = (op: Operation, world: FuzzWorld): fc.Arbitrary<FuzzRequest> => {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const path = fc
    .tuple(...params.map((p) => segment(world.known(op.path, p))))
    .map((values) => params.reduce((out, p, i) => out.replace(`{${p}}`, values[i]!), op.path));
  const plausible = valuesOf((op.requestBody ? world.schemaOf(op) : undefined) ?? { type: "object" });
  // fetch cannot send a GET with a body; a DELETE sometimes carries one.
  const body: fc.Arbitrary<FuzzBody | undefined> =
    op.method === "get"
      ? fc.constant(undefined)
      : op.method === "delete"
        ? fc.option(jsonBodies(plausible), { freq: 4, nil: undefined })
        : op.form
          ? formBodies(plausible)
          : jsonBodies(plausible);
  return fc
    .record({ path, query: queryOf(op), auth: authorization(world.token), ifMatch, extra: extraHeaders(op), body })
    .map(({ path: p, query, auth, ifMatch: im, extra, body: b }) => {
      const headers: Record<string, string> = { ...extra };
      if (auth !== undefined) headers.Authorization = auth;
      if (im !== undefined) headers["If-Match"] = im;
      if (b?.contentType) headers["Content-Type"] = b.contentType;
      const odd = [
        auth === `Bearer ${world.token}` ? "" : `Authorization ${JSON.stringify(auth?.slice(0, 40) ?? "none")}`,
        im ? `If-Match ${im.slice(0, 20)}` : "",
        b?.label ?? "",
      ].filter(Boolean);
      return {
        method: op.method.toUpperCase(),
        url: `${p}${query}`,
        headers,
        ...(b ? { body: b } : {}),
        label: odd.join("; ") || "plausible",
      };
    });
};
