import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";
import { importJWK, jwtVerify } from "jose";
import type { JWTPayload } from "jose";

/** One push the service accepted: decrypted with the subscriber's keys, its VAPID token verified. */
export type ReceivedPush = {
  readonly subscription: string;
  /** The decrypted payload, parsed as JSON. */
  readonly payload: unknown;
  readonly ttl: string | undefined;
  readonly urgency: string | undefined;
  readonly contentEncoding: string | undefined;
  /** The VAPID JWT's claims (aud, exp, sub), verified against the `k` key. */
  readonly vapid: JWTPayload;
  readonly vapidKey: string;
};

/** What the service answers one request to a subscription (the default is 201). */
export type PushAnswer = {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
};

/** A browser's PushSubscription, as `subscription.toJSON()` gives it. */
export type TestPushSubscription = {
  readonly endpoint: string;
  readonly expirationTime: null;
  readonly keys: { readonly p256dh: string; readonly auth: string };
};

export type TestPushService = {
  readonly url: string;
  /** A new subscription at this service, as a browser would make it (its private key stays here). */
  subscribe(): TestPushSubscription;
  /** Answers the next requests to this subscription with these, in order (then 201 again). */
  answer(subscription: TestPushSubscription, ...answers: PushAnswer[]): void;
  /** Pushes received for a subscription (accepted ones only), in order. */
  received(subscription: TestPushSubscription): ReceivedPush[];
  /** Every request's outcome for a subscription: the status answered, or why it was refused. */
  attempts(subscription: TestPushSubscription): (number | string)[];
  close(): Promise<void>;
};

const idOf = (s: TestPushSubscription) => s.endpoint.slice(s.endpoint.lastIndexOf("/") + 1);

/** The VAPID header `vapid t=<jwt>, k=<key>` (RFC 8292) verified: the signature, the audience, the expiry. */
const verifyVapid = async (authorization: string | undefined, audience: string) => {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!m) throw new Error(`no VAPID authorization: ${authorization}`);
  const raw = Buffer.from(m[2]!, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k is not an uncompressed P-256 key");
  const key = await importJWK(
    {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    "ES256",
  );
  const { payload } = await jwtVerify(m[1]!, key, { audience, algorithms: ["ES256"] });
  if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600)
    throw new Error("exp is missing or more than 24 hours ahead");
  if (typeof payload.sub !== "string" || !/^(mailto:|https:)/.test(payload.sub))
    throw new Error("sub is not a mailto: or https: URL");
  return { payload, key: m[2]! };
};

/**
 * A Web Push service (RFC 8030) on a loopback port, standing in for the browsers' push
 * services: it checks each request's VAPID token, decrypts the aes128gcm body with the
 * subscriber's private key and auth secret, and answers what a test scripted.
 */
export const startTestPushService = async (): Promise<TestPushService> => {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const scripts = new Map<string, PushAnswer[]>();
  const pushes = new Map<string, ReceivedPush[]>();
  const tries = new Map<string, (number | string)[]>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = decodeURIComponent((req.url ?? "").replace(/^\/push\//, ""));
      const sub = keys.get(id);
      const attempt = tries.get(id) ?? [];
      tries.set(id, attempt);
      const reply = (a: PushAnswer) => {
        attempt.push(a.status);
        res.writeHead(a.status, a.headers).end(a.body ?? "");
      };
      if (!sub || req.method !== "POST") return reply({ status: 404, body: "no such subscription" });
      const next = scripts.get(id)?.shift();
      if (next && (next.status < 200 || next.status >= 300)) return reply(next);
      void (async () => {
        try {
          const vapid = await verifyVapid(req.headers.authorization, `http://${req.headers.host}`);
          if (req.headers["content-encoding"] !== "aes128gcm")
            throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: "aes128gcm",
            privateKey: sub.ecdh,
            authSecret: sub.auth.toString("base64url"),
          });
          const list = pushes.get(id) ?? [];
          pushes.set(id, list);
          list.push({
            subscription: id,
            payload: JSON.parse(plain.toString("utf8")),
            ttl: req.headers.ttl as string | undefined,
            urgency: req.headers.urgency as string | undefined,
            contentEncoding: req.headers["content-encoding"],
            vapid: vapid.payload,
            vapidKey: vapid.key,
          });
          reply(next ?? { status: 201, headers: { location: `http://${req.headers.host}/message/${randomUUID()}` } });
        } catch (error) {
          attempt.push(`refused: ${(error as Error).message}`);
          res.writeHead(400).end((error as Error).message);
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    subscribe() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const id = randomUUID();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return {
        endpoint: `${url}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
      };
    },
    answer: (s, ...answers) => void scripts.set(idOf(s), [...(scripts.get(idOf(s)) ?? []), ...answers]),
    received: (s) => pushes.get(idOf(s)) ?? [],
    attempts: (s) => tries.get(idOf(s)) ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
