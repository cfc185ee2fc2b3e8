/**
 * A portal route as /openapi.json publishes it: an HTML page for a browser signed in
 * through the portal's own OAuth client (cookies, not bearer tokens), so each is `public`
 * at the HTTP level and answers a redirect to sign in when there is no session.
 */
export const page = (operationId: string, method: "get" | "post", path: string, summary: string, success = method === "get" ? 200 : 303) => ({
  operationId,
  method,
  path,
  summary,
  permission: "public",
  success,
  tags: ["portal"],
  produces: success === 303 ? ("none" as const) : ("text/html" as const),
  ...(success === 200 && method === "get" ? { redirects: [303] } : {}),
  ...(method === "post" ? { form: true, errors: "html" as const } : {}),
});
