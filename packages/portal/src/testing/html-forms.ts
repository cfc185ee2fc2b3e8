/** A POST form of a portal page as a browser would submit it untouched: where it goes, and its fields in order. */
export type HtmlForm = { readonly action: string; readonly fields: readonly (readonly [string, string])[] };

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** A tag's attributes (`checked` and other bare ones as ""). */
const attributes = (tag: string): Record<string, string> =>
  Object.fromEntries([...tag.matchAll(/\s([\w-]+)(?:="([^"]*)")?/g)].map((m) => [m[1]!, unescape(m[2] ?? "")]));

/**
 * The fields a form sends: inputs with a name (a checkbox or radio only when checked), textareas, a select's chosen
 * option.
 */
const fieldsOf = (body: string): [string, string][] => {
  const out: [string, string][] = [];
  for (const m of body.matchAll(
    /<input\b[^>]*>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea>|<select\b([^>]*)>([\s\S]*?)<\/select>/g,
  )) {
    if (m[0].startsWith("<input")) {
      const a = attributes(m[0]);
      if (
        a.name === undefined ||
        a.disabled !== undefined ||
        ((a.type === "checkbox" || a.type === "radio") && a.checked === undefined)
      )
        continue;
      out.push([a.name, a.value ?? (a.type === "checkbox" ? "on" : "")]);
    } else if (m[0].startsWith("<textarea")) {
      const name = attributes(m[1]!).name;
      if (name !== undefined) out.push([name, unescape(m[2]!.replace(/^\n/, ""))]);
    } else {
      const name = attributes(m[3]!).name;
      const options = [...m[4]!.matchAll(/<option\b[^>]*>/g)].map((o) => attributes(o[0]));
      const chosen = options.find((o) => o.selected !== undefined) ?? options[0];
      if (name !== undefined && chosen) out.push([name, chosen.value ?? ""]);
    }
  }
  return out;
};

/** The POST forms of a portal page (the HTML the portal renders: no nested forms, attributes double-quoted). */
export const formsOf = (html: string): HtmlForm[] =>
  [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].flatMap((m) => {
    const a = attributes(m[1]!);
    return a.method?.toLowerCase() === "post" && a.action ? [{ action: a.action, fields: fieldsOf(m[2]!) }] : [];
  });
