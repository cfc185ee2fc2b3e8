import type { Context } from "hono";
import { hmac, randomToken, safeEqual } from "../util/crypto.ts";
import type { CookieJar } from "./cookies.ts";

const COOKIE = "oauth_csrf";

/**
 * Signed double-submit CSRF protection: a random value in a signed HttpOnly cookie, and
 * in every form an HMAC of it that only this server can compute. A cross-site POST has
 * neither (SameSite=Lax keeps the cookie away) nor can it read the form.
 */
export const createCsrf = (jar: CookieJar, secret: string) => {
  const tokenOf = (value: string) => hmac(secret, `csrf:${value}`);
  return {
    /** The form token for this browser; sets the cookie when the browser has none. */
    token: (c: Context): string => {
      let value = jar.get(c, COOKIE);
      if (!value) {
        value = randomToken(24);
        jar.set(c, COOKIE, value);
      }
      return tokenOf(value);
    },
    /** Whether a submitted form token belongs to this browser's cookie. */
    verify: (c: Context, submitted: string | undefined): boolean => {
      const value = jar.get(c, COOKIE);
      return !!value && !!submitted && safeEqual(submitted, tokenOf(value));
    },
  };
};
