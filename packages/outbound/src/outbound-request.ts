import { lookup as dnsLookup } from "node:dns";
import type { LookupAddress, LookupOptions } from "node:dns";
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { isInternalAddress, outboundUrlProblem } from "./outbound-url.ts";

export type OutboundRequest = {
  readonly url: string;
  readonly method?: "POST" | "PUT";
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Buffer;
  /** The whole exchange, connect to last byte; default 10 s. */
  readonly timeoutMs?: number;
  /** OUTBOUND_ALLOW_PRIVATE. */
  readonly allowPrivate: boolean;
  /** The name resolver (default: the system's, as `dns.lookup`). */
  readonly resolve?: typeof dnsLookup;
};

/** What the receiver answered: its status, the first KiB of its body, and how long it took. */
export type OutboundResponse = {
  readonly status: number;
  readonly body: string;
  readonly durationMs: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
};

/** An outbound request that was refused (the URL rule) or failed before an answer (network, timeout). */
export class OutboundError extends Error {
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
    this.name = "OutboundError";
  }
}

/**
 * Connections kept open between requests to the same receiver (a webhook takes one POST per
 * event): a socket is made, and its name resolved and checked, once, and then used while the
 * receiver keeps it open. Requests under the outbound rule never share a socket with requests
 * made without it (OUTBOUND_ALLOW_PRIVATE), which may have reached an internal address.
 */
const keepAlive = { keepAlive: true, maxSockets: 64 };
const agents = {
  checked: { http: new HttpAgent(keepAlive), https: new HttpsAgent(keepAlive) },
  unchecked: { http: new HttpAgent(keepAlive), https: new HttpsAgent(keepAlive) },
};

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A resolver for the socket that refuses internal addresses: the check and the connection use
 * the same answer, so a name cannot resolve to a public address for the check and to an
 * internal one for the connection (DNS rebinding).
 */
const publicOnlyLookup =
  (resolve: typeof dnsLookup = dnsLookup) =>
  (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      // Whoever reads the error (a subscription's deliveries) learns that it was refused, not what the name resolved
      // to.
      if (addresses.some((a) => isInternalAddress(a.address)))
        return callback(
          Object.assign(new OutboundError("url address not allowed", true), { code: "EOUTBOUNDREFUSED" }),
          [],
        );
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };

/**
 * POSTs to a URL that the outbound rule allows (outbound-url.ts), checking the rule again now
 * (the name is resolved here and its every address must be public). Resolves with any
 * answer the receiver gives; rejects with OutboundError when refused, unreachable or late.
 * Redirects are not followed: a redirect could lead anywhere.
 */
export const outboundRequest = (req: OutboundRequest): Promise<OutboundResponse> => {
  const problem = outboundUrlProblem(req.url, req.allowPrivate);
  if (problem) return Promise.reject(new OutboundError(`url ${problem}`, true));
  const url = new URL(req.url);
  const started = performance.now();
  const timeoutMs = req.timeoutMs ?? 10_000;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const r = send(
      url,
      {
        method: req.method ?? "POST",
        agent: agents[req.allowPrivate ? "unchecked" : "checked"][url.protocol === "https:" ? "https" : "http"],
        headers: { ...req.headers, "Content-Length": String(Buffer.byteLength(req.body)) },
        ...(req.allowPrivate ? {} : { lookup: publicOnlyLookup(req.resolve) as never }),
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          if (size < 1024) chunks.push(chunk);
          size += chunk.length;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, 1024).toString("utf8"),
            durationMs: Math.round(performance.now() - started),
            headers: res.headers,
          }),
        );
        res.on("error", (e) => reject(new OutboundError(e.message)));
      },
    );
    const deadline = setTimeout(() => r.destroy(new OutboundError(`no answer within ${timeoutMs} ms`)), timeoutMs);
    r.on("close", () => clearTimeout(deadline));
    r.on("timeout", () => r.destroy(new OutboundError(`no answer within ${timeoutMs} ms`)));
    r.on("error", (e) => reject(e instanceof OutboundError ? e : new OutboundError(e.message)));
    r.end(req.body);
  });
};
