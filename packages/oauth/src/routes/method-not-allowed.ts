import { Hono } from "hono";

/** The POST-only endpoints (RFC 6749 §3.2, RFC 7009 §2.1, RFC 7662 §2.1). */
const POST_ONLY = ["/oauth/token", "/oauth/revoke", "/oauth/introspect"];

/**
 * Any other method on a POST-only endpoint: 405 with `Allow: POST`, in RFC 6749 form like
 * every /oauth answer, not the platform's 404 body. Mounted after the real routes.
 */
export const methodNotAllowedRoutes = () =>
  new Hono().on(["GET", "PUT", "PATCH", "DELETE"], POST_ONLY, (c) => {
    c.header("Allow", "POST");
    c.header("Cache-Control", "no-store");
    return c.json(
      { error: "invalid_request", error_description: `${c.req.method} is not allowed here; use POST` },
      405,
    );
  });
