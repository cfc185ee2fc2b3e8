import type { Context } from "hono";
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
