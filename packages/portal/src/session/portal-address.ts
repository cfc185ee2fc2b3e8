import type { MiddlewareHandler } from "hono";

/**
 * The portal's sign-in works at one host name only: the cookies that carry a sign-in across
 * the OAuth round trip are set on the host the browser came by, and the round trip ends at
 * PUBLIC_URL. With PUBLIC_URL unset (the default `http://localhost:$PORT`), a browser that came
 * by another name of this machine, such as the `http://127.0.0.1:8080` the start prints, is
 * sent to the same page at PUBLIC_URL before anything is set.
 *
 * Only then: with PUBLIC_URL set, the service usually stands behind a proxy that may pass on
 * a Host of its own, and sending every such request to PUBLIC_URL would loop. There, a sign-in
 * that went astray says where the portal is instead (sign-in-routes.tsx).
 */
export const portalAddress = (publicUrl: string, publicUrlSet: boolean): MiddlewareHandler => {
  const host = new URL(publicUrl).host;
  return async (c, next) => {
    if (publicUrlSet || (c.req.method !== "GET" && c.req.method !== "HEAD")) return next();
    if ((c.req.header("host") ?? "").toLowerCase() === host) return next();
    const url = new URL(c.req.url);
    return c.redirect(`${publicUrl}${url.pathname}${url.search}`, 302);
  };
};
