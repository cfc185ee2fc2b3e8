import type { Operation } from "@platform/host";
import { formsOf } from "@platform/portal/testing";
import type { HtmlForm, PortalSession } from "@platform/portal/testing";

/**
 * Pages and forms the crawl leaves alone: signing out, and anything that would end or unmake the fuzz's own session.
 */
const SKIPPED_LINKS = /^\/portal\/(?:logout|login|callback|assets\/)/;

/**
 * The portal's POST forms as its pages render them for a signed-in owner, found as a scanner
 * would: following the portal's own links from /portal (at most `maxPages` pages). Left out:
 * signing out, and every form that acts on the owner's own principal or on the fuzz's own
 * session (a fuzz that ends or demotes itself learns nothing after that).
 */
export const crawlPortalForms = async (
  session: PortalSession,
  ownerId: string,
  maxPages = 120,
): Promise<HtmlForm[]> => {
  const queue = ["/portal"];
  const seen = new Set(queue);
  const forms = new Map<string, HtmlForm>();
  const own = (action: string) =>
    action === "/portal/logout" ||
    action.startsWith(`/portal/principals/${ownerId}`) ||
    action.includes(`/sessions/${session.sessionId}/`);
  for (let i = 0; i < queue.length && i < maxPages; i++) {
    const res = await session.get(queue[i]!);
    if (res.status !== 200 || !/^text\/html\b/.test(res.headers.get("content-type") ?? "")) continue;
    const html = await res.text();
    for (const form of formsOf(html))
      if (!own(form.action)) forms.set(`${form.action} ${form.fields.map(([k]) => k).join(",")}`, form);
    for (const m of html.matchAll(/<a\b[^>]*\shref="(\/portal[^"#?]*)/g)) {
      const href = m[1]!.replace(/&amp;/g, "&");
      if (!SKIPPED_LINKS.test(href) && !seen.has(href)) {
        seen.add(href);
        queue.push(href);
      }
    }
  }
  return [...forms.values()];
};

const templateOf = (path: string, param: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, param)}$`);

/**
 * Which portal operation a form posts to: by its path with one segment per parameter, else (a job definition's id has
 * slashes) any.
 */
export const operationOfForm = (operations: readonly Operation[], action: string): Operation | undefined => {
  const path = action.split("?", 1)[0]!;
  return (
    operations.find((op) => templateOf(op.path, "[^/]+").test(path)) ??
    operations.find((op) => templateOf(op.path, ".+").test(path))
  );
};

/**
 * A stand-in form for an operation no crawled page showed (nothing in the world to act on: no
 * pending job, no subscription, no schedule): its path with the world's values for the API's
 * path of the same name (`/portal/job-definitions/{definitionId}` takes what
 * `/resources/job-definitions` lists) or a plain id, the form token, a version, and the fields
 * the route's summary names (`form field action=suspend|resume|reset` → action=suspend).
 */
export const standInForm = (
  op: Operation,
  known: (path: string, param: string) => readonly string[],
  csrf: string,
): HtmlForm => ({
  action: op.path.replace(/\{(\w+)\}/g, (_, param: string) =>
    (known(op.path.replace(/^\/portal\//, "/resources/"), param)[0] ?? "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b")
      .split("/")
      .map(encodeURIComponent)
      .join("/"),
  ),
  fields: [
    ["csrf", csrf],
    ["etag", '"v1"'],
    ...[...(op.summary ?? "").matchAll(/form field (\w+)(?:=(\w+))?/g)].map((m) => [m[1]!, m[2] ?? "0"] as const),
  ],
});
