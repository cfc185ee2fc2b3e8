import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { defineContext } from "@platform/host";
import { startTestServer } from "./testing/test-server.ts";
import type { TestServer } from "./testing/test-server.ts";
import { SECURITY_HEADERS } from "./security-headers.ts";

const probe = defineContext({
  name: "probe",
  routes: () =>
    new Hono()
      .get("/probe/json", (c) => c.json({ ok: true }))
      .get("/probe/own", (c) => {
        c.header("X-Frame-Options", "SAMEORIGIN");
        return c.body("framed", 200, { "Content-Type": "text/plain" });
      })
      .get("/probe/response", () => new Response("made", { headers: { "Referrer-Policy": "same-origin" } }))
      .get("/probe/stream", () => new Response(new Blob(["a", "b"]).stream()))
      .get("/probe/boom", () => {
        throw new Error("boom");
      }),
});

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer([probe]);
});
afterAll(() => s.close());

/** Over Node's server (the Node response's own headers) and in process (`app.request`, Hono's Headers). */
const both = async (path: string, headers: Record<string, string> = {}) => [
  await fetch(`${s.url}${path}`, { headers }),
  await s.t.app.request(path, { headers }),
];

describe("the headers of every answer", () => {
  it("are on JSON, plain, streamed, not-found and failed answers, with the request id", async () => {
    for (const [path, status] of [
      ["/probe/json", 200],
      ["/probe/stream", 200],
      ["/healthz", 200],
      ["/nope", 404],
      ["/probe/boom", 500],
    ] as const)
      for (const r of await both(path, { "X-Request-Id": "req-1" })) {
        expect(r.status, path).toBe(status);
        for (const [name, value] of SECURITY_HEADERS) expect(r.headers.get(name), `${path} ${name}`).toBe(value);
        expect(r.headers.get("x-request-id"), path).toBe("req-1");
        await r.arrayBuffer();
      }
  });

  it("leave a header the answer sets itself as it set it, and are sent once", async () => {
    for (const r of await both("/probe/own")) {
      expect(r.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await r.text()).toBe("framed");
    }
    for (const r of await both("/probe/response")) {
      expect(r.headers.get("referrer-policy")).toBe("same-origin");
      expect(r.headers.get("x-frame-options")).toBe("DENY");
      await r.arrayBuffer();
    }
  });

  it("make a fresh request id for each answer when none is given, or one that is not sane", async () => {
    const [a, b] = await both("/probe/json", { "X-Request-Id": "no spaces allowed" });
    const ids = [a!.headers.get("x-request-id"), b!.headers.get("x-request-id")];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
