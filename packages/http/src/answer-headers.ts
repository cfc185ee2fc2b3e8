import type { ServerResponse } from "node:http";
import type { Context, Next } from "hono";

export type HeaderList = readonly (readonly [name: string, value: string])[];

/** The Node response under Hono's Node server (undefined under `app.request` and other runtimes). */
const outgoingOf = (c: Context): ServerResponse | undefined =>
  (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;

/**
 * Runs the rest of the chain with `headers` on its answer, whichever route, error handler or not-found handler makes
 * it; a header the answer sets itself keeps its own value. Under Node's server they go on the Node response, which
 * merges them into the answer's own as it writes them. Set on Hono's Headers instead, they took every JSON answer off
 * the Node server's plain-object path (undici Headers built, validated, sorted and copied per answer).
 */
export const answerWith = async (c: Context, next: Next, headers: HeaderList): Promise<void> => {
  const outgoing = outgoingOf(c);
  if (outgoing && !outgoing.headersSent) {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return next();
  }
  await next();
  for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
};
