/**
 * A portal route as /openapi.json publishes it: an HTML page for a browser signed in
 * through the portal's own OAuth client (cookies, not bearer tokens), so each is `public`
 * at the HTTP level and answers a redirect to sign in when there is no session. A page that
 * the API refused answers the refusal's status with an HTML page (html/api-error.tsx
 * `pageStatus`); the sign-in start only redirects.
 */
export const page = (
  operationId: string,
  method: "get" | "post",
  path: string,
  summary: string,
  success = method === "get" ? 200 : 303,
) => ({
  operationId,
  method,
  path,
  summary,
  permission: "public",
  success,
  tags: ["portal"],
  produces: success === 303 ? ("none" as const) : ("text/html" as const),
  // A page that answers 200 sends a browser without a session to sign in first (303), a POST too.
  ...(success === 200 ? { redirects: [303] } : {}),
  ...(method === "post" ? { form: true } : {}),
  ...(path === "/portal/login"
    ? {}
    : { errors: "html" as const, alsoErrors: method === "post" ? [...PAGE_REFUSALS, 415] : PAGE_REFUSALS }),
});

/**
 * The statuses a page shows a refusal of the API with (`pageStatus`); a posted form that is not form-encoded is 415.
 */
const PAGE_REFUSALS = [400, 403, 404, 409, 429] as const;
