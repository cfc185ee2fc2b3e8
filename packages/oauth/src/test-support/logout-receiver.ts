import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import type { JWTPayload } from "jose";

/** What a relying party received at its back-channel logout URI, verified against the issuer's JWKS. */
export type ReceivedLogout = {
  readonly path: string;
  readonly contentType: string | undefined;
  readonly claims: JWTPayload;
  readonly typ: string | undefined;
  readonly at: number;
};

/**
 * A relying party's back-channel logout endpoint on a real port: it verifies every
 * logout_token with jose against `jwks_uri` (issuer, audience = the client, signature, typ)
 * as a relying party must (Back-Channel Logout 2.6), records it, and answers with the next
 * scripted status (200 when the script is empty). `hold()` keeps answers back until released.
 */
export const startLogoutReceiver = async (issuer: string) => {
  const jwks = createRemoteJWKSet(new URL(`${issuer.replace(/\/$/, "")}/oauth/jwks`));
  const received: ReceivedLogout[] = [];
  const rejected: string[] = [];
  const script = new Map<string, number[]>();
  let held: Promise<void> | undefined;
  let release: (() => void) | undefined;
  let seen = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", async () => {
      seen++;
      await held;
      const path = req.url ?? "/";
      const token = new URLSearchParams(body).get("logout_token") ?? "";
      try {
        const { payload } = await jwtVerify(token, jwks, { issuer, audience: path.split("/")[1], typ: "logout+jwt" });
        received.push({
          path,
          contentType: req.headers["content-type"],
          claims: payload,
          typ: decodeProtectedHeader(token).typ,
          at: Date.now(),
        });
      } catch (e) {
        rejected.push(String(e));
        return res.writeHead(400).end();
      }
      const status = script.get(path)?.shift() ?? 200;
      res.writeHead(status).end(status >= 300 ? "not now" : "");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    rejected,
    /** Requests that arrived, answered or not. */
    seen: () => seen,
    /** The URI for a client: its path starts with the client id, the audience each token must name. */
    uriFor: (clientId: string) => `${base}/${clientId}/backchannel-logout`,
    /** The statuses the next requests to a client's URI get, in order. */
    answer: (clientId: string, ...statuses: number[]) => script.set(`/${clientId}/backchannel-logout`, statuses),
    for: (clientId: string) => received.filter((r) => r.path === `/${clientId}/backchannel-logout`),
    hold() {
      held = new Promise((r) => (release = r));
    },
    release() {
      release?.();
      held = undefined;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};
