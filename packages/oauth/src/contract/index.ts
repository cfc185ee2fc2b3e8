import { oauthOperations } from "./operations.ts";

/**
 * The published contract of the OAuth context (generated into schemas/ by `npm run schemas`).
 * It appends no events: codes, consents and browser sessions live in its own tables, and
 * token sessions belong to IAM.
 */
export const oauthContract = {
  context: "oauth",
  tags: {
    oauth:
      "The OAuth 2.0 authorization server: discovery, authorization code with PKCE, tokens, " +
      "refresh, introspection, revocation, sign-in and sign-out pages",
  },
  operations: oauthOperations,
  /** routes/method-not-allowed.ts: any other method on these answers 405 `Allow: POST`. */
  methodNotAllowed: ["/oauth/token", "/oauth/revoke", "/oauth/introspect"],
};
