import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createAdmin, createClient, postForm, testContexts } from "../test-support/fixtures.ts";

/**
 * Text PostgreSQL cannot store (NUL; `%00` decodes to it) in a form field, a Basic credential
 * or the URL is refused before any lookup: 400 invalid_request in RFC 6749's shape, an error
 * page from the browser forms. These were 500s (`client_id=%00%01%02` at /oauth/revoke).
 */
let t: TestPlatform;
let app: { clientId: string; secret: string };

beforeAll(async () => {
  t = await createTestPlatform(testContexts());
  app = await createClient(t, (await createAdmin(t)).token);
});
afterAll(() => t.close());

const answer = async (r: Response) => ({ status: r.status, body: await r.json() });
const raw = (path: string, body: string, headers: Record<string, string> = {}) =>
  t.request("POST", path, { raw: body, headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } });

describe("unstorable text at the OAuth endpoints", () => {
  it.each(["/oauth/token", "/oauth/revoke", "/oauth/introspect"])(
    "%s: a NUL in a field's value or name is 400 invalid_request",
    async (path) => {
      const position = await t.platform.store.headPosition();
      expect(await answer(await raw(path, "client_id=%00%01%02&token=x"))).toEqual({
        status: 400,
        body: {
          error: "invalid_request",
          error_description: "Parameter client_id must not contain NUL or unpaired surrogate characters",
        },
      });
      expect(
        await answer(
          await raw(path, `grant_type=client_credentials&a%00b=1`, {
            Authorization: `Basic ${Buffer.from(`${app.clientId}:${app.secret}`).toString("base64")}`,
          }),
        ),
      ).toEqual({
        status: 400,
        body: {
          error: "invalid_request",
          error_description: "A parameter name must not contain NUL or unpaired surrogate characters",
        },
      });
      expect(await t.platform.store.headPosition()).toBe(position);
    },
  );

  it("Basic credentials holding a NUL are malformed: 401 invalid_client", async () => {
    const nul = `Basic ${Buffer.from(`${app.clientId}\u0000:${app.secret}`).toString("base64")}`;
    const r = await raw("/oauth/revoke", "token=x", { Authorization: nul });
    expect(r.headers.get("www-authenticate")).toMatch(/^Basic /);
    expect(await answer(r)).toEqual({
      status: 401,
      body: { error: "invalid_client", error_description: "Malformed Basic credentials" },
    });
    // The same credentials without the NUL work.
    expect((await postForm(t, "/oauth/revoke", { token: "x" }, { id: app.clientId, secret: app.secret })).status).toBe(
      200,
    );
  });

  it(
    "what the gateway refuses before the OAuth routes is in RFC 6749's shape too: %00 in the " +
      "URL (400), a body over the limit (413)",
    async () => {
      expect(await answer(await t.request("GET", "/oauth/authorize?client_id=%00"))).toEqual({
        status: 400,
        body: { error: "invalid_request", error_description: "The URL must not contain an encoded NUL (%00)" },
      });
      expect(await answer(await raw("/oauth/token", `token=${"x".repeat(1024 * 1024)}`))).toEqual({
        status: 413,
        body: { error: "invalid_request", error_description: "Request body exceeds 1048576 bytes" },
      });
      // Elsewhere the platform's envelope.
      expect(await answer(await t.request("GET", "/resources/me?x=%00"))).toEqual({
        status: 400,
        body: { error: { code: "INVALID_REQUEST", message: "The URL must not contain an encoded NUL (%00)" } },
      });
    },
  );

  it.each([
    [
      "/oauth/login",
      "request=client_id%3D%2500&email=a%40b.c&password=x",
      "Parameter client_id must not contain NUL or unpaired surrogate characters",
    ],
    [
      "/oauth/login",
      "request=client_id%3Dx&email=a%00%40b.c&password=x",
      "Parameter email must not contain NUL or unpaired surrogate characters.",
    ],
    [
      "/oauth/consent",
      "request=client_id%3D%00&decision=allow",
      "Parameter request must not contain NUL or unpaired surrogate characters.",
    ],
    ["/oauth/logout", "csrf=%00", "Parameter csrf must not contain NUL or unpaired surrogate characters."],
  ])("the browser form %s with %s: a 400 error page saying why", async (path, body, message) => {
    const r = await raw(path, body);
    expect(r.status).toBe(400);
    expect(r.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await r.text()).toContain(`<p class="alert" role="alert">${message}</p>`);
  });
});
