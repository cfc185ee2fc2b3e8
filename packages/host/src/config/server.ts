import * as v from "valibot";
import { type Env, bool, int, readEnv, url } from "./env.ts";

const roles = v.pipe(
  v.string(),
  v.transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  ),
  v.check((a) => a.length > 0 && a.every((x) => x === "gateway" || x === "worker"), "must list gateway and/or worker"),
);

const entries = {
  PORT: v.optional(int(0, 65535), "8080"),
  HOST: v.optional(v.string(), "127.0.0.1"),
  PUBLIC_URL: v.optional(url(["http", "https"])),
  ROLES: v.optional(roles, "gateway,worker"),
  NODE_ENV: v.optional(v.string()),
  BODY_LIMIT_BYTES: v.optional(int(1024), String(1024 * 1024)),
  COOKIE_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "must be at least 32 characters"))),
  SECURE_COOKIES: v.optional(bool),
  TRUST_PROXY: v.optional(int(0, 10), "0"),
};

/** The process and its HTTP face: where it listens, the address it is known by, what it runs, its cookies. */
export type ServerConfig = {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  /**
   * Whether PUBLIC_URL was set. Unset, the service is on a developer's machine at its default
   * address (http://localhost:$PORT), and the portal sends a browser that came by another name
   * of it (127.0.0.1) there first: its sign-in cookies belong to one host name.
   */
  readonly publicUrlSet: boolean;
  /**
   * PUBLIC_URL exactly as given: the OAuth issuer, byte for byte (a token's `iss` must equal it). `publicUrl` is it
   * without a trailing slash, for building URLs.
   */
  readonly issuer: string;
  readonly roles: { readonly gateway: boolean; readonly worker: boolean };
  readonly bodyLimitBytes: number;
  /** Secret for signing browser-session cookies; derived from the data when unset. */
  readonly cookieSecret: string | undefined;
  readonly secureCookies: boolean;
  /**
   * How many reverse proxies of ours stand in front (TRUST_PROXY): the client address is taken from X-Forwarded-For
   * that many hops from the right; 0 = the socket's peer.
   */
  readonly trustProxy: number;
  /** NODE_ENV=production. */
  readonly production: boolean;
};

export const parseServerConfig = (env: Env): ServerConfig => {
  const e = readEnv(entries, env);
  const issuer = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const publicUrl = issuer.replace(/\/$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    issuer,
    roles: { gateway: e.ROLES.includes("gateway"), worker: e.ROLES.includes("worker") },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    cookieSecret: e.COOKIE_SECRET,
    secureCookies: e.SECURE_COOKIES ?? publicUrl.startsWith("https:"),
    trustProxy: e.TRUST_PROXY,
    production: e.NODE_ENV === "production",
  };
};
