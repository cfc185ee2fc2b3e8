import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { DomainError } from "@platform/kernel";
import { bearerAuth, jsonBody, requirePermission } from "@platform/http";
import { defineContext } from "@platform/host";
import * as v from "valibot";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { ports } from "@platform/ports";

const probe = defineContext({
  name: "probe",
  routes: (deps) =>
    new Hono()
      .post("/probe/echo", async (c) =>
        c.json(await jsonBody(c, v.strictObject({ name: v.pipe(v.string(), v.maxLength(5)) }))),
      )
      .get("/probe/boom", () => {
        throw new Error("secret internals");
      })
      .get("/probe/domain", () => {
        throw new DomainError("INVALID_STATE", "not now");
      })
      .get(
        "/probe/secure",
        bearerAuth(() => deps.ports.get(ports.authenticator)),
        (c) => {
          requirePermission(c, "probe", "read");
          return c.json({ ok: true });
        },
      ),
});

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform(
    [staticAuthContext({ reader: { scope: ["probe:read"] }, other: { scope: ["x:read"] } }), probe],
    { BODY_LIMIT_BYTES: "2048" },
  );
});
afterAll(() => t.close());

describe("gateway", () => {
  it("serves /healthz and /readyz", async () => {
    expect(await (await t.request("GET", "/healthz")).json()).toEqual({ status: "ok" });
    const r = await t.request("GET", "/readyz");
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ ready: true, checks: { database: { ok: true }, migrations: { ok: true } } });
  });

  it("answers unknown routes with the contract's 404 body and a request id", async () => {
    const r = await t.request("GET", "/nope");
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toMatch(/application\/json/);
    expect(r.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await r.json()).toEqual({ error: { code: "NOT_FOUND", message: "No route for GET /nope" } });
  });

  it("answers unknown /oauth/ paths in RFC 6749 form", async () => {
    const r = await t.request("GET", "/oauth/userinfo");
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ error: "invalid_request", error_description: "No endpoint GET /oauth/userinfo" });
    expect(r.headers.get("x-request-id")).toBeTruthy();
  });

  it("echoes a sane X-Request-Id from the request", async () => {
    const r = await t.request("GET", "/nope", { headers: { "X-Request-Id": "abc-123" } });
    expect(r.headers.get("x-request-id")).toBe("abc-123");
  });

  it("rejects malformed JSON, wrong content types, invalid fields and big bodies in the contract's shape", async () => {
    const bad = await t.request("POST", "/probe/echo", {
      raw: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: { code: "INVALID_REQUEST", message: "Request body is not valid JSON" } });
    const text = await t.request("POST", "/probe/echo", { raw: "name=x", headers: { "Content-Type": "text/plain" } });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: { code: string } }).error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const invalid = await t.request("POST", "/probe/echo", { body: { name: "too long", extra: 1 } });
    expect(invalid.status).toBe(400);
    const body = (await invalid.json()) as { error: { code: string; details: { path: string }[] } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["extra", "name"]);
    const big = await t.request("POST", "/probe/echo", { body: { name: "x".repeat(5000) } });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it(
    "refuses text PostgreSQL cannot store and absurd nesting with a 400 naming the spot, and " + "%00 in a URL",
    async () => {
      const nul = await t.request("POST", "/probe/echo", {
        raw: '{"name":"a\\u0000b"}',
        headers: { "Content-Type": "application/json" },
      });
      expect(nul.status).toBe(400);
      expect(await nul.json()).toEqual({
        error: {
          code: "VALIDATION_FAILED",
          message: "Request body is invalid",
          details: [{ path: "name", message: "must not contain NUL or unpaired surrogate characters" }],
        },
      });
      const surrogate = await t.request("POST", "/probe/echo", {
        raw: '{"x":{"\\ud800":1}}',
        headers: { "Content-Type": "application/json" },
      });
      expect(surrogate.status).toBe(400);
      expect(((await surrogate.json()) as { error: { details: unknown } }).error.details).toEqual([
        { path: "x.?", message: "key must not contain NUL or unpaired surrogate characters" },
      ]);
      const deep = await t.request("POST", "/probe/echo", {
        raw: `${"[".repeat(100)}${"]".repeat(100)}`,
        headers: { "Content-Type": "application/json" },
      });
      expect(deep.status).toBe(400);
      expect(((await deep.json()) as { error: { details: { message: string }[] } }).error.details[0]!.message).toBe(
        "must not be nested deeper than 64 levels",
      );
      const url = await t.request("GET", "/probe/boom%00?x=1");
      expect(url.status).toBe(400);
      expect(await url.json()).toEqual({
        error: { code: "INVALID_REQUEST", message: "The URL must not contain an encoded NUL (%00)" },
      });
      const query = await t.request("GET", "/healthz?search=a%00");
      expect(query.status).toBe(400);
    },
  );

  it("maps domain errors by code and hides bugs behind a 500 with the request id", async () => {
    const d = await t.request("GET", "/probe/domain");
    expect(d.status).toBe(409);
    expect(await d.json()).toEqual({ error: { code: "INVALID_STATE", message: "not now" } });
    const b = await t.request("GET", "/probe/boom", { headers: { "X-Request-Id": "req-500" } });
    expect(b.status).toBe(500);
    expect(await b.json()).toEqual({ error: { code: "INTERNAL", message: "Internal error (request req-500)" } });
  });

  it("requires a bearer token (401 with WWW-Authenticate) and the permission (403)", async () => {
    const none = await t.request("GET", "/probe/secure");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await t.request("GET", "/probe/secure", { token: "unknown" })).status).toBe(401);
    expect((await t.request("GET", "/probe/secure", { token: "other" })).status).toBe(403);
    expect((await t.request("GET", "/probe/secure", { token: "reader" })).status).toBe(200);
  });
});
