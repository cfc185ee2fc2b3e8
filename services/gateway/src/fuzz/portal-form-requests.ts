import fc from "fast-check";
import { hostileText, percent } from "@platform/http/testing/fuzz";
import type { HtmlForm } from "@platform/portal/testing";

/** One fuzzed post of a portal form: where, the urlencoded body, and what is odd about it. */
export type PortalFormPost = { readonly action: string; readonly body: string; readonly label: string };

/** What a scanner puts into a form's fields: line breaks (header injection above all), NUL, odd and long text. */
const fieldText = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "\n",
      "\r",
      "\r\n",
      "a\nb",
      "x\r\nX-Injected: 1",
      "\u0000",
      "\t",
      '"',
      "W/",
      "*",
      "",
      " ",
      "%0a",
      "\u0085\u2028",
    ),
  },
  { weight: 2, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.constantFrom(300, 10_000, 200_000).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
);

/** A path segment (an id in the form's action) a scanner tries instead of the real one. */
const oddSegment = fc.constantFrom(
  "%0A",
  "a%0D%0Ab",
  "%00",
  "..",
  "%2E%2E",
  ".",
  "%ED%A0%80",
  "%E2%80%AE",
  "%C0%80",
  "%ZZ",
  "x".repeat(300),
  "%F0%9F%91%8B",
);

const encode = (fields: readonly (readonly [string, string])[]) =>
  fields.map(([k, v]) => `${percent(k)}=${percent(v)}`).join("&");

/**
 * Posts of `forms` as a browser would send them, with one thing changed: a field's value
 * replaced or extended, a field left out or repeated, a field added (one another form of the
 * portal has, or an unknown one), or an id in the action replaced. The form token (`csrf`) is always the session's:
 * without it every post is
 * the same 403 and nothing behind it is reached.
 */
export const portalFormPosts = (forms: readonly HtmlForm[]): fc.Arbitrary<PortalFormPost> =>
  fc.constantFrom(...forms).chain((form) => {
    const names = form.fields.map(([k], i) => [k, i] as const).filter(([k]) => k !== "csrf");
    const field = names.length ? fc.constantFrom(...names) : fc.constant(undefined);
    const segments = form.action
      .split("/")
      .map((s, i) => [s, i] as const)
      .slice(3); // past "", "portal" and the section
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc.tuple(field, fieldText, fc.boolean()).map(([f, text, append]) => {
          const shown = JSON.stringify(text.slice(0, 40));
          if (!f)
            return {
              action: form.action,
              body: encode([...form.fields, ["note", text]]),
              label: `${shown} in an added field`,
            };
          const fields = form.fields.map(([k, v], i) => [k, i === f[1] ? (append ? v + text : text) : v] as const);
          return { action: form.action, body: encode(fields), label: `${shown} ${append ? "after" : "as"} ${f[0]}` };
        }),
      },
      {
        weight: 1,
        arbitrary: field.map((f) => ({
          action: form.action,
          body: encode(form.fields.filter((_, i) => i !== f?.[1])),
          label: `${f?.[0] ?? "no field"} left out`,
        })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom("roles", "etag", "action", "note"), fieldText).map(([name, text]) => ({
          action: form.action,
          body: encode([...form.fields, [name, text]]),
          label: `${JSON.stringify(text.slice(0, 40))} in an added ${name}`,
        })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(field, fieldText).map(([f, text]) => {
          const name = f?.[0] ?? "etag";
          return { action: form.action, body: encode([...form.fields, [name, text]]), label: `${name} repeated` };
        }),
      },
      {
        weight: segments.length ? 2 : 0,
        arbitrary: fc
          .tuple(segments.length ? fc.constantFrom(...segments) : fc.constant(["", 0] as const), oddSegment)
          .map(([[, at], odd]) => ({
            action: form.action
              .split("/")
              .map((s, i) => (i === at ? odd : s))
              .join("/"),
            body: encode(form.fields),
            label: `path segment ${at} as ${odd.slice(0, 20)}`,
          })),
      },
    );
  });
