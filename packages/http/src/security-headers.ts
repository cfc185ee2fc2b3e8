import type { HeaderList } from "./answer-headers.ts";

/**
 * The security headers of every answer: Hono's secureHeaders defaults, with framing refused (X-Frame-Options DENY;
 * the pages meant to be framed say so with CSP frame-ancestors, which browsers prefer) and without the
 * Cross-Origin-Resource-Policy and -Opener-Policy headers (the API is called from other origins, and the portal opens
 * OAuth windows).
 */
export const SECURITY_HEADERS: HeaderList = [
  ["Origin-Agent-Cluster", "?1"],
  ["Referrer-Policy", "no-referrer"],
  ["Strict-Transport-Security", "max-age=15552000; includeSubDomains"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Frame-Options", "DENY"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
];
