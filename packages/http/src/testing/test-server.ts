import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createTestPlatform } from "./test-platform.ts";
import type { TestPlatform } from "./test-platform.ts";
import type { BoundedContext } from "@platform/host";

export type TestServer = { readonly t: TestPlatform; readonly url: string; close(): Promise<void> };

/**
 * The gateway on a real port, with PUBLIC_URL (the issuer) naming that port: the port is
 * picked first, then the platform boots with it, then the server starts answering.
 * For OAuth clients and browsers that must reach the issuer over HTTP.
 */
export const startTestServer = async (
  contexts: readonly BoundedContext[],
  env: Record<string, string> = {},
): Promise<TestServer> => {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handler) return handler(req, res);
    res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, () => resolve()); // all interfaces: "localhost" may resolve to ::1 or 127.0.0.1
  });
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  const t = await createTestPlatform(contexts, { ...env, PUBLIC_URL: url });
  const listener = getRequestListener(t.app.fetch);
  handler = (req, res) => void listener(req, res);
  return {
    t,
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
};
