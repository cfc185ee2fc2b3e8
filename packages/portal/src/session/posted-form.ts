import type { Context } from "hono";
import { isStorableText } from "@platform/http";

/** A posted portal form, read once (by requireViewer) and checked: every field is storable text. */
export type PostedForm = {
  /** The field's value ("" when absent; the last one when repeated, as a plain form read gives). */
  text(name: string): string;
  /** Every value of a repeated field (checkboxes). */
  list(name: string): string[];
};

const FORM = /^application\/x-www-form-urlencoded\b/i;

/** Whether every field (and its name) is text PostgreSQL can store, and not a file. */
const storable = (form: Record<string, unknown>): form is Record<string, string | string[]> =>
  Object.entries(form).every(
    ([k, v]) =>
      isStorableText(k) && (Array.isArray(v) ? v : [v]).every((x) => typeof x === "string" && isStorableText(x)),
  );

/**
 * A posted form's fields, or why the portal will not read it: its forms post
 * application/x-www-form-urlencoded only (no files), and every field must be text PostgreSQL
 * can store (no NUL, no lone surrogate): the API would refuse it anyway, but the portal says so
 * before it acts, the same rule as every JSON body.
 */
export const readPortalForm = async (
  c: Context,
): Promise<
  | { readonly ok: true; readonly form: PostedForm }
  | { readonly ok: false; readonly refused: string; readonly status: 400 | 415 }
> => {
  if (!FORM.test(c.req.header("Content-Type") ?? ""))
    return { ok: false, refused: "Portal forms are posted as application/x-www-form-urlencoded.", status: 415 };
  const fields = await c.req.parseBody({ all: true });
  if (!storable(fields))
    return {
      ok: false,
      refused: "A field holds text that cannot be stored (NUL or an unpaired surrogate character).",
      status: 400,
    };
  const values = (name: string): string[] => {
    const v = fields[name];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  };
  return { ok: true, form: { text: (name) => values(name).at(-1) ?? "", list: values } };
};
