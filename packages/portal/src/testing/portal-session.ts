import { authorizeInBrowser, createBrowser } from "@platform/oauth/testing";
import type { TestPlatform } from "@platform/http/testing";
import { formsOf } from "./html-forms.ts";

/** A portal form as posted: its fields in order (a name may repeat, as checkboxes do), or the raw urlencoded text. */
export type PortalFormBody = readonly (readonly [string, string])[] | string;

/**
 * A principal signed in to the portal over HTTP as a browser would be (the sign-in page, the
 * OAuth code flow, the callback's cookies), without a browser: it GETs pages and posts forms
 * with the portal's cookies and its form token (`csrf`).
 */
export const portalSession = async (
  t: Pick<TestPlatform, "request">,
  login: { readonly email: string; readonly password: string },
) => {
  const browser = createBrowser(t);
  const start = await browser.get("/portal/login?next=/portal/me");
  const authorize = new URL(start.headers.get("location") ?? "", "http://localhost");
  const back = await authorizeInBrowser(browser, Object.fromEntries(authorize.searchParams), login);
  if (back.status !== 302) throw new Error(`portal sign-in: /oauth/authorize answered ${back.status}`);
  const callback = await browser.get(browser.follow(back));
  if (callback.status !== 303) throw new Error(`portal sign-in: the callback answered ${callback.status}`);
  const me = await browser.get("/portal/me");
  if (me.status !== 200) throw new Error(`portal sign-in: /portal/me answered ${me.status}`);
  const csrf = formsOf(await me.text())[0]?.fields.find(([name]) => name === "csrf")?.[1];
  if (!csrf) throw new Error("portal sign-in: /portal/me has no form token");
  const token = /(?:^|; )portal_at=([^;]+)/.exec(browser.jar.header())?.[1];
  const sessionId = (
    (await (await t.request("GET", "/resources/me", { token: token ?? "" })).json()) as { sessionId: string }
  ).sessionId;
  const send = async (
    method: string,
    path: string,
    init: { readonly raw?: string; readonly headers?: Record<string, string> } = {},
  ) => {
    const res = await t.request(method, path, { ...init, headers: { ...init.headers, Cookie: browser.jar.header() } });
    browser.jar.store(res);
    return res;
  };
  return {
    csrf,
    /** The portal session's id (ending it signs this browser out). */
    sessionId,
    /** A portal page, as this browser. */
    get: (path: string) => send("GET", path),
    /** Posts a form as this browser (the form token is the caller's to include, or to leave out). */
    post: (path: string, form: PortalFormBody) =>
      send("POST", path, {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        raw:
          typeof form === "string"
            ? form
            : new URLSearchParams(form.map(([k, v]): [string, string] => [k, v])).toString(),
      }),
  };
};

export type PortalSession = Awaited<ReturnType<typeof portalSession>>;
