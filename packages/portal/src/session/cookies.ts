import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

/** The portal's cookies, all HttpOnly and under /portal: the browser's scripts never see a token. */
export const COOKIES = {
  /** The access token of the portal's session (an ordinary OAuth session of the signed-in principal). */
  access: "portal_at",
  /** Its refresh token, used when the access token has expired. */
  refresh: "portal_rt",
  /** The double-submit CSRF value every portal form carries. */
  csrf: "portal_csrf",
  /** A sign-in under way: state, PKCE verifier and where to return (10 minutes). */
  flow: "portal_flow",
} as const;

type CookieName = (typeof COOKIES)[keyof typeof COOKIES];

/** Reads and writes the portal's cookies; Secure whenever PUBLIC_URL is https. */
export const cookieJar = (publicUrl: string) => {
  const secure = publicUrl.startsWith("https:");
  return {
    get: (c: Context, name: CookieName): string | undefined => getCookie(c, name) || undefined,
    set: (c: Context, name: CookieName, value: string, maxAgeS: number) =>
      setCookie(c, name, value, {
        path: "/portal",
        httpOnly: true,
        secure,
        sameSite: "Lax",
        maxAge: Math.max(1, Math.floor(maxAgeS)),
      }),
    clear: (c: Context, name: CookieName) => void deleteCookie(c, name, { path: "/portal", secure }),
  };
};

export type CookieJar = ReturnType<typeof cookieJar>;
