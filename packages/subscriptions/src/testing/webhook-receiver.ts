import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** A delivery the receiver verified: its headers' id and the JSON payload. */
export type Received = {
  readonly path: string;
  readonly webhookId: string;
  readonly payload: {
    id: string;
    type: string;
    stream: string;
    version: number;
    position: string;
    at: string;
    data: Record<string, unknown>;
    metadata: Record<string, unknown>;
  };
  readonly at: number;
  /** The body as it came, and its headers: a test checks each signature of `webhook-signature` with them. */
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  /** What the receiver answered. */
  readonly status: number;
};

/**
 * A webhook endpoint on a real port, as a subscriber writes one: every POST is verified with
 * the standardwebhooks package against the secret of its path (`/<name>`), then recorded and
 * answered with the next scripted status (200 when the script is empty; `always` for a
 * status every request gets). A request that does not verify is answered 401 and kept apart.
 */
export const startWebhookReceiver = async () => {
  const secrets = new Map<string, string>();
  const received: Received[] = [];
  const rejected: { path: string; error: string }[] = [];
  const script = new Map<string, number[]>();
  const always = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      const body = Buffer.concat(chunks).toString("utf8");
      const secret = secrets.get(path);
      let payload: Received["payload"];
      try {
        if (!secret) throw new Error("no secret for this path");
        payload = new Webhook(secret).verify(body, req.headers as Record<string, string>) as Received["payload"];
      } catch (e) {
        rejected.push({ path, error: String(e) });
        return res.writeHead(401).end();
      }
      const status = script.get(path)?.shift() ?? always.get(path) ?? 200;
      received.push({
        path,
        webhookId: String(req.headers["webhook-id"]),
        payload,
        at: Date.now(),
        body,
        headers: req.headers as Record<string, string>,
        status,
      });
      res.writeHead(status).end(status >= 300 ? "not now" : "");
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    rejected,
    url: (name: string) => `${base}/${name}`,
    /** The secret a subscription's creation answered: deliveries to `/<name>` must be signed with it. */
    trust: (name: string, secret: string) => void secrets.set(`/${name}`, secret),
    /** The statuses the next requests to `/<name>` get, in order. */
    answer: (name: string, ...statuses: number[]) => void script.set(`/${name}`, statuses),
    /** The status every request to `/<name>` gets once the script is used up (none: 200). */
    answerAlways: (name: string, status: number | undefined) =>
      void (status === undefined ? always.delete(`/${name}`) : always.set(`/${name}`, status)),
    /** The deliveries to `/<name>` it accepted (answered 2xx), in arrival order. */
    for: (name: string) => received.filter((r) => r.path === `/${name}` && r.status < 300),
    /** Every verified request to `/<name>`, accepted or not. */
    requests: (name: string) => received.filter((r) => r.path === `/${name}`),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
};
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
