import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { COOKIES } from "./cookies.ts";
import type { CookieJar } from "./cookies.ts";

/** Whether two secrets are equal, in time that does not depend on where they differ. */
export const sameSecret = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Double-submit CSRF protection for the portal's forms: a random value in an HttpOnly,
 * SameSite=Lax cookie and the same value in every form, compared in constant time; and a
 * POST must come from the portal's own origin when the browser names one.
 */
export const csrfGuard = (jar: CookieJar, publicUrl: string) => {
  const origin = new URL(publicUrl).origin;
  return {
    /** This browser's form token (sets the cookie the first time). */
    token: (c: Context): string => {
      let value = jar.get(c, COOKIES.csrf);
      if (!value) {
        value = randomBytes(24).toString("base64url");
        jar.set(c, COOKIES.csrf, value, 7 * 24 * 3600);
      }
      return value;
    },
    /** Whether a submitted form is this browser's, sent from this origin. */
    verify: (c: Context, submitted: unknown): boolean => {
      // Under the gateway's Referrer-Policy no-referrer, Chromium sends `Origin: null` for a
      // form post; that says nothing, and the token below decides.
      const from = c.req.header("Origin");
      if (from !== undefined && from !== "null" && from !== origin) return false;
      const value = jar.get(c, COOKIES.csrf);
      return !!value && typeof submitted === "string" && sameSecret(submitted, value);
    },
  };
};

export type CsrfGuard = ReturnType<typeof csrfGuard>;
