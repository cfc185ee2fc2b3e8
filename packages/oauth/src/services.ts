import type { PlatformDeps } from "@platform/host";
import { definePort } from "@platform/host";
import { loadCookieSecret } from "./browser/cookie-secret.ts";
import { createCookieJar } from "./browser/cookies.ts";
import { createCsrf } from "./browser/csrf.ts";
import { createBrowserSessions } from "./browser/browser-sessions.ts";
import { createCodeStore } from "./codes/code-store.ts";
import { createConsentStore } from "./consents/consent-store.ts";
import type { IamPort } from "./iam/iam-port.ts";
import { createKeyStore } from "./keys/signing-keys.ts";
import type { OAuthOptions } from "./options.ts";

/** Everything the OAuth routes share, built once per platform in the context's setup. */
export type OAuthServices = Awaited<ReturnType<typeof createOAuthServices>>;

/** Internal to this context (its routes find their services here); not exported from index.ts. */
export const oauthServicesKey = definePort<OAuthServices>("oauth.internal");

export const createOAuthServices = async (deps: PlatformDeps, options: OAuthOptions, iam: () => IamPort) => {
  const { pool } = deps.db;
  const clock = options.clock;
  const secret = await loadCookieSecret(pool, deps.config.cookieSecret);
  const jar = createCookieJar(secret, deps.config.secureCookies);
  return {
    /** The issuer is PUBLIC_URL byte for byte: clients compare it exactly (RFC 8414). */
    issuer: deps.config.issuer,
    /** PUBLIC_URL without a trailing slash, to build this server's URLs. */
    baseUrl: deps.config.publicUrl,
    options,
    clock,
    log: deps.log,
    accessTtlS: deps.config.tokens.accessTtlS,
    iam,
    keys: createKeyStore({ pool, clock, rotationDays: options.keyRotationDays }),
    codes: createCodeStore({ pool, clock, ttlS: options.codeTtlS }),
    consents: createConsentStore({ pool, clock }),
    browserSessions: createBrowserSessions({ pool, clock, jar, ttlS: options.browserSessionTtlS }),
    csrf: createCsrf(jar, secret),
    /** TRUST_PROXY: how the client address is taken (see @platform/http clientAddress). */
    trustProxy: deps.config.trustProxy,
  };
};
