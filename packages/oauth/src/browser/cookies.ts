import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { hmac, safeEqual } from "../util/crypto.ts";

/** Signed, HttpOnly, SameSite=Lax cookies scoped to /oauth. */
export type CookieJar = {
  get(c: Context, name: string): string | undefined;
  set(c: Context, name: string, value: string, maxAgeS?: number): void;
  clear(c: Context, name: string): void;
};

const PATH = "/oauth";

export const createCookieJar = (secret: string, secure: boolean): CookieJar => {
  const sign = (name: string, value: string) => hmac(secret, `cookie:${name}=${value}`);
  return {
    get: (c, name) => {
      const raw = getCookie(c, name);
      if (!raw) return undefined;
      const dot = raw.lastIndexOf(".");
      if (dot <= 0) return undefined;
      const value = raw.slice(0, dot);
      return safeEqual(raw.slice(dot + 1), sign(name, value)) ? value : undefined;
    },
    set: (c, name, value, maxAgeS) =>
      setCookie(c, name, `${value}.${sign(name, value)}`, {
        path: PATH,
        httpOnly: true,
        sameSite: "Lax",
        secure,
        ...(maxAgeS !== undefined ? { maxAge: maxAgeS } : {}),
      }),
    clear: (c, name) => deleteCookie(c, name, { path: PATH, httpOnly: true, sameSite: "Lax", secure }),
  };
};
