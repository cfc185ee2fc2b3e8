import fc from "fast-check";

/** A request body as sent: its Content-Type (none when absent) and its bytes or text. */
export type FuzzBody = { readonly contentType?: string; readonly data: string | Uint8Array; readonly label: string };

/** Text PostgreSQL cannot store, and text that is merely odd. */
export const hostileText = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "\u0000\u0001\u0002",
  "\ud800",
  "x\udc00y",
  "\udbff\u0000",
  "\u202e\u200b\ufeff",
  "' OR 1=1 --",
  "${jndi:x}{{7*7}}<script>",
  "%00%ZZ%",
  "../../etc/passwd",
  "é\u0301👋🏽",
);

const hugeText = fc.constantFrom(10_000, 100_000, 1_100_000).map((n) => "x".repeat(n));

/** A value of the wrong kind for most fields. */
const wrongValue = fc.oneof(
  fc.constantFrom<unknown>(null, true, 0, -1, 1e308, -0, 1.5, "", [], {}, [null], { "": "" }, "true", "0"),
  hostileText,
  fc.jsonValue({ maxDepth: 2 }),
);

const deepValue = fc
  .integer({ min: 65, max: 400 })
  .chain((n) =>
    fc.boolean().map((arrays) => (arrays ? "[".repeat(n) + "]".repeat(n) : '{"a":'.repeat(n) + "1" + "}".repeat(n))),
  );

type Path = readonly (string | number)[];

/** Every place in a JSON value: the root, each key and each index, depth first. */
const placesOf = (value: unknown, at: Path = [], out: Path[] = []): Path[] => {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => placesOf(v, [...at, i], out));
  else if (typeof value === "object" && value !== null)
    for (const k of Object.keys(value)) placesOf((value as Record<string, unknown>)[k], [...at, k], out);
  return out;
};

/** `value` with the node at `path` replaced (a copy; the root when `path` is empty). */
const replaceAt = (value: unknown, path: Path, replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  copy[head as string] = replaceAt(copy[head as string], rest, replacement);
  return copy;
};

/** A token put in the JSON text in place of one node, for what JSON.stringify cannot write (deep nesting, raw keys). */
const RAW = "\u0001RAW\u0001";

/** `base` with one node replaced: by a wrong or hostile value, or by raw JSON text (`raw`). */
const mutatedJson = (base: unknown) => {
  const places = placesOf(base);
  return fc
    .record({
      at: fc.constantFrom(...places),
      how: fc.constantFrom("wrong", "hostile", "huge", "deep", "protoKeys", "extraKey"),
    })
    .chain(({ at, how }) => {
      switch (how) {
        case "wrong":
          return wrongValue.map((w) => ({
            text: JSON.stringify(replaceAt(base, at, w)),
            label: `wrong value at ${at.join(".") || "(body)"}`,
          }));
        case "hostile":
          return hostileText.map((h) => ({
            text: JSON.stringify(replaceAt(base, at, h)),
            label: `${JSON.stringify(h)} at ${at.join(".") || "(body)"}`,
          }));
        case "huge":
          return hugeText.map((h) => ({
            text: JSON.stringify(replaceAt(base, at, h)),
            label: `${h.length} characters at ${at.join(".") || "(body)"}`,
          }));
        case "deep":
          return deepValue.map((d) => ({
            text: JSON.stringify(replaceAt(base, at, RAW)).replace(JSON.stringify(RAW), d),
            label: `deep nesting at ${at.join(".") || "(body)"}`,
          }));
        case "protoKeys":
          return fc
            .constantFrom(
              '{"__proto__":{"admin":true},"a":1}',
              '{"constructor":{"prototype":{"x":1}}}',
              '{"prototype":null,"__proto__":null}',
              '{"hasOwnProperty":1,"toString":"x"}',
            )
            .map((raw) => ({
              text: JSON.stringify(replaceAt(base, at, RAW)).replace(JSON.stringify(RAW), raw),
              label: `prototype keys at ${at.join(".") || "(body)"}`,
            }));
        default:
          return fc.constantFrom("__proto__", "constructor", "unknownField", "", "\u0000").map((k) => {
            const text = JSON.stringify(base);
            return {
              text: text.startsWith("{") && text !== "{}" ? `{${JSON.stringify(k)}:1,${text.slice(1)}` : text,
              label: `extra key ${JSON.stringify(k)}`,
            };
          });
      }
    });
};

/** A duplicate of the body's first key (JSON.parse keeps the last), or the text cut short. */
const textual = (base: unknown) => {
  const text = JSON.stringify(base) ?? "null";
  return fc.oneof(
    fc
      .integer({ min: 0, max: Math.max(0, text.length - 1) })
      .map((n) => ({ text: text.slice(0, n), label: `JSON cut at ${n}` })),
    fc.constant({
      text: text.startsWith("{") && text.length > 2 ? `${text.slice(0, -1)},${text.slice(1)}` : `${text}${text}`,
      label: "duplicate keys",
    }),
    fc
      .constantFrom("", " ", "{", "[1,]", "{'a':1}", "NaN", '"\\ud800"', '"\\u0000"', "\ufeff{}", "{}garbage")
      .map((t) => ({ text: t, label: `text ${JSON.stringify(t)}` })),
  );
};

/**
 * JSON bodies for an operation that takes JSON: mutated from plausible ones, random, cut, or sent as something else.
 */
export const jsonBodies = (plausible: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: plausible
        .chain(mutatedJson)
        .map(({ text, label }) => ({ contentType: "application/json", data: text, label })),
    },
    {
      weight: 2,
      arbitrary: plausible
        .chain(textual)
        .map(({ text, label }) => ({ contentType: "application/json", data: text, label })),
    },
    {
      weight: 1,
      arbitrary: fc
        .jsonValue({ maxDepth: 4 })
        .map((j) => ({ contentType: "application/json", data: JSON.stringify(j), label: "random JSON" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 64 })
        .map((data) => ({ contentType: "application/json", data, label: "random bytes" })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          plausible,
          fc.constantFrom(
            undefined,
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/xml",
            "application/json; charset=utf-16",
            "*/*",
            "application/jsonx",
          ),
        )
        .map(([value, contentType]) => ({
          ...(contentType ? { contentType } : {}),
          data: JSON.stringify(value) ?? "",
          label: `JSON as ${contentType ?? "no Content-Type"}`,
        })),
    },
  );

/**
 * Percent-encoding that also writes a lone surrogate (as the three bytes CESU-8 would use,
 * which a form decoder turns into U+FFFD): encodeURIComponent refuses to.
 */
export const percent = (s: string) =>
  s.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (ch) => {
    const u = ch.charCodeAt(0);
    if (ch.length === 1 && u >= 0xd800 && u <= 0xdfff)
      return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    return encodeURIComponent(ch);
  });

/** Form bodies for an operation that takes application/x-www-form-urlencoded. */
export const formBodies = (plausible: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> => {
  const fields = plausible.map((v) =>
    typeof v === "object" && v !== null && !Array.isArray(v)
      ? Object.entries(v).map(
          ([k, x]) => [k, typeof x === "string" ? x : (JSON.stringify(x) ?? "")] as [string, string],
        )
      : [],
  );
  const encode = (pairs: readonly (readonly [string, string])[]) =>
    pairs.map(([k, x]) => `${percent(k)}=${percent(x)}`).join("&");
  const form = (data: string, label: string): FuzzBody => ({
    contentType: "application/x-www-form-urlencoded",
    data,
    label,
  });
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(fields, fc.nat(), hostileText, fc.boolean()).map(([pairs, n, h, inKey]) => {
        if (pairs.length === 0) return form(`${percent(h)}=${percent(h)}`, `hostile field ${JSON.stringify(h)}`);
        const i = n % pairs.length;
        const [k, x] = pairs[i]!;
        const changed = pairs.map((p, j) => (j === i ? (inKey ? ([k + h, x] as const) : ([k, x + h] as const)) : p));
        return form(encode(changed), `${JSON.stringify(h)} in ${inKey ? "the name" : "the value"} of ${k}`);
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fields, fc.constantFrom("%ZZ", "%", "%E0%A4", "%ED%A0%80", "%C0%80", "+%2B+", "&&=&", "=x"))
        .map(([pairs, raw]) =>
          form(pairs.length ? `${encode(pairs)}&${pairs[0]![0]}=${raw}` : `a=${raw}`, `raw escape ${raw}`),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fields, hugeText)
        .map(([pairs, h]) => form(encode([...pairs, ["client_id", h]]), `${h.length} characters`)),
    },
    {
      weight: 1,
      arbitrary: fields.map((pairs) =>
        form(pairs.length ? encode([...pairs, pairs[0]!]) : "a=1&a=2", "repeated field"),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 64 })
        .map((data) => ({ contentType: "application/x-www-form-urlencoded", data, label: "random bytes" })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fields, fc.constantFrom(undefined, "application/json", "text/plain", "multipart/form-data; boundary=x"))
        .map(([pairs, contentType]) => ({
          ...(contentType ? { contentType } : {}),
          data: contentType === "application/json" ? JSON.stringify(Object.fromEntries(pairs)) : encode(pairs),
          label: `form as ${contentType ?? "no Content-Type"}`,
        })),
    },
  );
};
