import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Hono } from "hono";
import { getRequestListener } from "@hono/node-server";
import { jsonBody } from "@platform/http";
import { defineContext } from "@platform/host";
import * as v from "valibot";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";

/**
 * Request bodies through the real Node server (not app.request): a body of known length is
 * read from the Node stream and judged by its Content-Length; a chunked one is counted as
 * it arrives. Both ways enforce the limit and parse the same.
 */
const echo = defineContext({
  name: "echo",
  routes: () => new Hono().post("/echo", async (c) => c.json(await jsonBody(c, v.strictObject({ text: v.string() })))),
});

let t: TestPlatform;
let server: Server;
let port: number;
beforeAll(async () => {
  t = await createTestPlatform([echo], { BODY_LIMIT_BYTES: "1024" });
  const listener = getRequestListener(t.app.fetch);
  server = createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** POSTs `body` with a Content-Length, or chunked (in two writes) when `chunked`. */
const post = (body: string, chunked: boolean): Promise<{ status: number; body: unknown }> =>
  new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (!chunked) headers["Content-Length"] = String(Buffer.byteLength(body));
    const req = request({ host: "127.0.0.1", port, path: "/echo", method: "POST", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    req.on("error", reject);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    req.end(body.slice(half));
  });

describe.each([
  ["with a Content-Length", false],
  ["chunked", true],
])("a JSON body %s", (_name, chunked) => {
  it("is read whole, multi-byte text included", async () => {
    const r = await post(JSON.stringify({ text: "grüße 👋 ".repeat(20) }), chunked);
    expect(r).toEqual({ status: 200, body: { text: "grüße 👋 ".repeat(20) } });
  });

  it("over the limit is 413 in the contract's shape", async () => {
    const r = await post(JSON.stringify({ text: "x".repeat(2000) }), chunked);
    expect(r).toEqual({
      status: 413,
      body: { error: { code: "PAYLOAD_TOO_LARGE", message: "Request body exceeds 1024 bytes" } },
    });
  });

  it("malformed is 400", async () => {
    const r = await post('{"text": "unterminated', chunked);
    expect(r).toEqual({
      status: 400,
      body: { error: { code: "INVALID_REQUEST", message: "Request body is not valid JSON" } },
    });
  });
});
