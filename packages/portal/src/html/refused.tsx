import type { Context } from "hono";
import { isStorableText } from "@platform/http";
import { Notice, Page } from "./layout.tsx";
import { render } from "./render.ts";

/** A request the portal will not act on (an expired form, a client's token), as a page that says so. */
export const refusedPage = (c: Context, message: string, status: 400 | 403 | 415) =>
  render(
    c,
    <Page title="Cannot continue">
      <h1>Cannot continue</h1>
      <Notice kind="error">{message}</Notice>
      <p>
        <a href="/portal">Back to the portal</a>
      </p>
    </Page>,
    status,
  );

/**
 * A posted form's fields, or why the portal will not read it: its forms post
 * application/x-www-form-urlencoded only (no files), and every field must be text PostgreSQL
 * can store (no NUL, no lone surrogate): the API would refuse it anyway, but the portal says so
 * before it acts, the same rule as every JSON body.
 */
export const readPortalForm = async (
  c: Context,
): Promise<{ readonly ok: true; readonly form: Record<string, unknown> } | { readonly ok: false; readonly refused: string; readonly status: 400 | 415 }> => {
  if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header("Content-Type") ?? "")) return { ok: false, refused: "Portal forms are posted as application/x-www-form-urlencoded.", status: 415 };
  const form = await c.req.parseBody({ all: true });
  return storableForm(form) ? { ok: true, form } : { ok: false, refused: "A field holds text that cannot be stored (NUL or an unpaired surrogate character).", status: 400 };
};

/** Whether every field (and its name) is text PostgreSQL can store, and not a file. */
const storableForm = (form: Record<string, unknown>): boolean =>
  Object.entries(form).every(([k, v]) => isStorableText(k) && (Array.isArray(v) ? v : [v]).every((x) => typeof x === "string" && isStorableText(x)));
