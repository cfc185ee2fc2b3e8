import type { Child } from "hono/jsx";
import type { Viewer } from "../session/viewer.ts";

/** A section of the portal, shown in the navigation when the viewer may read it. */
type Section = { readonly href: string; readonly label: string; readonly visible: (v: Viewer) => boolean };

const SECTIONS: readonly Section[] = [
  { href: "/portal/principals", label: "Principals", visible: (v) => v.can("iam/principals", "read") },
  { href: "/portal/clients", label: "Clients", visible: (v) => v.can("iam/clients", "read") },
  { href: "/portal/roles", label: "Roles", visible: (v) => v.can("iam/roles", "read") },
  { href: "/portal/sendings", label: "Sendings", visible: (v) => v.can("sendings", "read") },
  { href: "/portal/orders", label: "Orders", visible: (v) => v.can("actors/order", "read") },
  { href: "/portal/apps", label: "Apps", visible: (v) => v.can("apps", "read") },
  {
    href: "/portal/job-definitions",
    label: "Jobs",
    visible: (v) => v.can("job-definitions", "read") || v.can("jobs", "read"),
  },
  { href: "/portal/subscriptions", label: "Subscriptions", visible: (v) => v.can("subscriptions", "read") },
  { href: "/portal/me", label: "My account", visible: () => true },
];

type PageProps = {
  readonly title: string;
  readonly viewer?: Viewer;
  /** The section's href, marked as the current page in the navigation. */
  readonly section?: string;
  readonly children?: Child;
};

/** A hidden field carrying the browser's CSRF token; every POST form has one. */
export const CsrfField = (props: { viewer?: Viewer; token?: string }) => (
  <input type="hidden" name="csrf" value={props.token ?? props.viewer?.csrf ?? ""} />
);

/**
 * Every portal page: a skip link, the header with the sections the viewer may use and the
 * sign-out button, and the page's main content under its one h1. Styles and the few lines of
 * script come from /portal/assets (no CDN, no inline script).
 */
export const Page = (props: PageProps) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{`${props.title} · Portal`}</title>
      <link rel="icon" href="/portal/assets/favicon.svg" type="image/svg+xml" />
      <link rel="stylesheet" href="/portal/assets/portal.css" />
      <script src="/portal/assets/portal.js" defer></script>
    </head>
    <body>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href="/portal">
          Portal
        </a>
        {props.viewer ? (
          <nav aria-label="Sections">
            <ul>
              {SECTIONS.filter((s) => s.visible(props.viewer!)).map((s) => (
                <li>
                  <a href={s.href} aria-current={props.section === s.href ? "page" : undefined}>
                    {s.label}
                  </a>
                </li>
              ))}
              <li>
                <a href="/docs">API</a>
              </li>
            </ul>
          </nav>
        ) : null}
        {props.viewer ? (
          <form method="post" action="/portal/logout" class="sign-out">
            <CsrfField viewer={props.viewer} />
            <span class="who">{props.viewer.me.principal?.email ?? props.viewer.me.id}</span>
            <button type="submit" class="secondary">
              Sign out
            </button>
          </form>
        ) : null}
      </header>
      <main id="main" tabindex={-1}>
        <h1>{props.title}</h1>
        {props.children}
      </main>
    </body>
  </html>
);

/** A message box: `alert` is announced at once (errors), `status` politely (confirmations). */
export const Notice = (props: { kind: "error" | "success" | "info"; children?: Child }) => (
  <div class={`notice ${props.kind}`} role={props.kind === "error" ? "alert" : "status"}>
    {props.children}
  </div>
);

/** A value shown once (a secret, a temporary password, a token), with a copy button. */
export const ShownOnce = (props: { label: string; value: string; id: string }) => (
  <div class="shown-once">
    <label for={props.id}>{props.label}</label>
    <div class="copy-row">
      <input id={props.id} type="text" readonly value={props.value} class="mono" />
      <button type="button" class="secondary" data-copy={props.id}>
        Copy
      </button>
    </div>
    <p class="hint">Shown this once: it is not stored in readable form and cannot be shown again.</p>
  </div>
);
