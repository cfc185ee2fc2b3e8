import * as v from "valibot";

/*
 * The OAuth endpoints read their forms parameter by parameter (util/form.ts) rather than
 * through a schema: these publish those shapes.
 */

const text = v.string();
const clientAuth = {
  client_id: v.optional(
    v.pipe(text, v.description("With client_secret_post, or for a public client; else HTTP Basic")),
  ),
  client_secret: v.optional(v.pipe(text, v.description("client_secret_post"))),
};

/** `POST /oauth/token` (RFC 6749 §4.1.3, §4.4.2, §6). */
export const TokenForm = v.object({
  grant_type: v.picklist(["authorization_code", "refresh_token", "client_credentials"]),
  code: v.optional(v.pipe(text, v.description("authorization_code"))),
  redirect_uri: v.optional(v.pipe(text, v.description("authorization_code: the URI of the authorization request"))),
  code_verifier: v.optional(v.pipe(text, v.description("authorization_code: the PKCE verifier"))),
  refresh_token: v.optional(v.pipe(text, v.description("refresh_token"))),
  scope: v.optional(v.pipe(text, v.description("Space-separated; a subset of what was granted"))),
  ...clientAuth,
});

/** `POST /oauth/revoke` (RFC 7009). */
export const RevokeForm = v.object({ token: v.optional(text), token_type_hint: v.optional(text), ...clientAuth });

/** `POST /oauth/introspect` (RFC 7662). */
export const IntrospectForm = v.object({ token: text, token_type_hint: v.optional(text), ...clientAuth });

/** `POST /oauth/login`: the sign-in form. */
export const LoginForm = v.object({
  request: v.pipe(text, v.description("The authorization request's query string, as the form carried it")),
  email: text,
  password: text,
  csrf: text,
});

/** `POST /oauth/logout`: the sign-out form. */
export const LogoutForm = v.object({
  csrf: text,
  request: v.optional(
    v.pipe(
      text,
      v.description(
        "An authorization request's query string: after sign-out, sign in again for it (the consent " +
          'page\'s "Not you?")',
      ),
    ),
  ),
  client_id: v.optional(
    v.pipe(text, v.description("The client whose registered redirect URI post_logout_redirect_uri is")),
  ),
  post_logout_redirect_uri: v.optional(
    v.pipe(text, v.description("Where to go after sign-out: exactly one of client_id's redirect URIs")),
  ),
  state: v.optional(v.pipe(text, v.description("Returned unchanged to post_logout_redirect_uri"))),
});

/** `POST /oauth/consent`: the consent form. */
export const ConsentForm = v.object({
  request: v.pipe(text, v.description("The authorization request's query string, as the form carried it")),
  csrf: text,
  decision: v.picklist(["allow", "deny"]),
});
