import type { Context } from "hono";
import type { PlatformDeps } from "@platform/host";
import { COOKIES } from "../session/cookies.ts";
import type { CookieJar } from "../session/cookies.ts";
import { PORTAL_CLIENT_ID } from "../session/portal-client.ts";
import { refusedRequest } from "./request-guard.ts";
import { ports } from "@platform/ports";

/** An answer of the API: status, JSON body (or null), and the ETag when there is one. */
export type ApiAnswer<T = unknown> = { readonly status: number; readonly body: T; readonly etag: string | null };

export type ApiError = {
  readonly error: { readonly code: string; readonly message: string; readonly details?: unknown };
};

export type CallOptions = {
  readonly body?: unknown;
  readonly ifMatch?: string;
  readonly headers?: Readonly<Record<string, string>>;
};

/** The token answer of /oauth/token (RFC 6749 §5.1). */
export type TokenAnswer = {
  readonly access_token: string;
  readonly refresh_token?: string;
  readonly expires_in: number;
};

/**
 * The portal is a client of the platform's API like any other: each call goes through the
 * gateway in-process with the signed-in principal's bearer token, so the API's own
 * authentication and authorization decide (a hidden button is no permission).
 */
export const apiClient = (deps: PlatformDeps, jar: CookieJar) => {
  const gateway = () => deps.ports.get(ports.gateway);
  /** A token got by a refresh within this request (its cookie reaches the browser with the answer). */
  const renewed = new WeakMap<Request, string>();
  const url = (path: string) => `${deps.config.publicUrl}${path}`;

  const send = (c: Context, request: Request) => {
    const requestId = c.res.headers.get("X-Request-Id");
    if (requestId) request.headers.set("X-Request-Id", requestId);
    return gateway().fetch(request, c.env);
  };

  /** A form POST to an /oauth endpoint as the portal client. */
  const oauth = async (c: Context, path: string, form: Record<string, string>): Promise<ApiAnswer> => {
    const res = await send(
      c,
      new Request(url(path), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...form, client_id: PORTAL_CLIENT_ID }),
      }),
    );
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, etag: null };
  };

  /**
   * Stores a token answer as the portal's session cookies. With a refresh token, the access
   * token's cookie lives as long as the refresh token's, past the access token's own expiry:
   * the browser then still presents it when the refresh comes, and that is what lets the
   * portal tell this browser's pages from a refresh token presented alone (`refresh`).
   */
  const keep = (c: Context, tokens: TokenAnswer) => {
    jar.set(
      c,
      COOKIES.access,
      tokens.access_token,
      tokens.refresh_token ? deps.config.tokens.refreshMaxS : tokens.expires_in,
    );
    renewed.set(c.req.raw, tokens.access_token);
    if (tokens.refresh_token) jar.set(c, COOKIES.refresh, tokens.refresh_token, deps.config.tokens.refreshMaxS);
  };

  /**
   * Refreshes under way or just done, by refresh token and browser: two tabs loading at once
   * after the access token expired share one rotation, since a second use of the same refresh
   * token would be taken for a replay and end the whole session. Only the same browser shares
   * it (`browserOf`): a refresh token presented without it goes to /oauth/token, so that a
   * copied one is caught as a replay instead of being handed the new pair.
   */
  const rotations = new Map<string, Promise<ApiAnswer>>();

  /**
   * What names the browser beside its refresh token: the access token it had before the
   * rotation (its cookie outlives the token, `keep`), or, for a browser holding none, its
   * CSRF cookie. Both are cookies of that browser alone, which its tabs share; undefined when
   * it presents neither, and then nothing is shared.
   */
  const browserOf = (c: Context): readonly [string, string] | undefined => {
    const access = jar.get(c, COOKIES.access);
    if (access) return ["access", access];
    const csrf = jar.get(c, COOKIES.csrf);
    return csrf ? ["csrf", csrf] : undefined;
  };

  /** Trades the refresh token for new tokens; false (and the session cookies gone) when it cannot. */
  const refresh = async (c: Context): Promise<boolean> => {
    const token = jar.get(c, COOKIES.refresh);
    if (!token) return false;
    const browser = browserOf(c);
    const key = browser && JSON.stringify([token, ...browser]);
    let pending = key === undefined ? undefined : rotations.get(key);
    if (!pending) {
      pending = oauth(c, "/oauth/token", { grant_type: "refresh_token", refresh_token: token });
      if (key !== undefined) {
        rotations.set(key, pending);
        // Kept a little while: a page of this browser that read the old cookies just after the rotation still gets its
        // answer.
        void pending.finally(() => setTimeout(() => rotations.delete(key), 10_000).unref());
      }
    }
    const answer = await pending;
    if (answer.status !== 200) {
      jar.clear(c, COOKIES.access);
      jar.clear(c, COOKIES.refresh);
      return false;
    }
    keep(c, answer.body as TokenAnswer);
    return true;
  };

  /** The access token this request carries now (a refresh within the request replaces it). */
  const accessToken = (c: Context): string | undefined => renewed.get(c.req.raw) ?? jar.get(c, COOKIES.access);

  const call = async <T = unknown>(
    c: Context,
    method: string,
    path: string,
    options: CallOptions = {},
    retried = false,
  ): Promise<ApiAnswer<T>> => {
    // Form fields reach the path and If-Match: a bad one is the form's 400, never a throw of fetch's Headers.
    const refused = refusedRequest(path, { ...options.headers, "If-Match": options.ifMatch });
    if (refused) return refused as ApiAnswer<T>;
    const token = accessToken(c);
    const headers = new Headers(options.headers);
    if (token) headers.set("Authorization", `Bearer ${token}`);
    if (options.ifMatch) headers.set("If-Match", options.ifMatch);
    if (options.body !== undefined) headers.set("Content-Type", "application/json");
    const res = await send(
      c,
      new Request(url(path), {
        method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      }),
    );
    if (res.status === 401 && !retried && (await refresh(c))) return call(c, method, path, options, true);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, etag: res.headers.get("ETag") };
  };

  /**
   * `GET /metrics`, as a scrape asks it: with METRICS_TOKEN when one is set (the portal is the
   * service itself, and the page showing the figures checks its viewer's rights first).
   */
  const metrics = async (c: Context): Promise<{ readonly status: number; readonly text: string }> => {
    const token = deps.config.metrics.token;
    const res = await send(
      c,
      new Request(url("/metrics"), { headers: token ? { Authorization: `Bearer ${token}` } : {} }),
    );
    return { status: res.status, text: await res.text() };
  };

  /**
   * A GET of a route that answers text, not JSON (an app's page), with the session's token, refreshed once on 401 as
   * `call` does.
   */
  const text = async (
    c: Context,
    path: string,
    retried = false,
  ): Promise<{ readonly status: number; readonly text: string }> => {
    const refused = refusedRequest(path, {});
    if (refused) return { status: refused.status, text: JSON.stringify(refused.body) };
    const token = accessToken(c);
    const res = await send(c, new Request(url(path), { headers: token ? { Authorization: `Bearer ${token}` } : {} }));
    if (res.status === 401 && !retried && (await refresh(c))) return text(c, path, true);
    return { status: res.status, text: await res.text() };
  };

  /** The service's public address (PUBLIC_URL): what a page tells a person to reach it at, as a tool's --url. */
  const publicUrl = deps.config.publicUrl;

  return { call, text, metrics, oauth, keep, refresh, accessToken, publicUrl };
};

export type ApiClient = ReturnType<typeof apiClient>;
