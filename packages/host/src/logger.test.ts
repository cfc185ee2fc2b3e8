import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, redactSecrets } from "./logger.ts";

/** A logger whose lines are kept in memory. */
const capture = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: createLogger("info", stream), output: () => lines.join("") };
};

const SECRETS = {
  client_secret: "S-client-secret-1",
  refresh_token: "S-refresh-token-2",
  code_verifier: "S-code-verifier-3",
  password: "S-password-4",
  "x-client-secret": "S-x-client-secret-5",
  authorization: "Bearer S-authorization-6",
};

describe("log redaction", () => {
  it(
    "a logged request carrying client_secret, refresh_token, code_verifier, password, " +
      "x-client-secret and authorization shows none of them, at any depth",
    () => {
      const { log, output } = capture();
      log.info(
        {
          req: {
            method: "POST",
            url: "/oauth/token",
            headers: {
              authorization: SECRETS.authorization,
              "x-client-secret": SECRETS["x-client-secret"],
              "content-type": "application/x-www-form-urlencoded",
            },
            body: {
              grant_type: "refresh_token",
              client_secret: SECRETS.client_secret,
              refresh_token: SECRETS.refresh_token,
            },
          },
          form: [{ code_verifier: SECRETS.code_verifier }],
          deep: {
            a: {
              b: {
                c: {
                  d: {
                    e: {
                      Password: SECRETS.password,
                      Authorization: SECRETS.authorization,
                      "X-Client-Secret": SECRETS["x-client-secret"],
                      clientSecret: SECRETS.client_secret,
                    },
                  },
                },
              },
            },
          },
        },
        "request",
      );
      log.info(SECRETS, "flat");
      const out = output();
      for (const value of Object.values(SECRETS)) expect(out).not.toContain(value.replace("Bearer ", ""));
      const [first, second] = out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
      expect(first!.req).toEqual({
        method: "POST",
        url: "/oauth/token",
        headers: {
          authorization: "[redacted]",
          "x-client-secret": "[redacted]",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: { grant_type: "refresh_token", client_secret: "[redacted]", refresh_token: "[redacted]" },
      });
      expect(first!.form).toEqual([{ code_verifier: "[redacted]" }]);
      expect(first!.deep.a.b.c.d.e).toEqual({
        Password: "[redacted]",
        Authorization: "[redacted]",
        "X-Client-Secret": "[redacted]",
        clientSecret: "[redacted]",
      });
      expect(first!.msg).toBe("request");
      expect(second).toMatchObject(Object.fromEntries(Object.keys(SECRETS).map((k) => [k, "[redacted]"])));
    },
  );

  it("leaves objects without secrets as they are, and survives cycles", () => {
    const plain = { a: 1, b: { c: [1, 2, { d: "x" }] } };
    expect(redactSecrets(plain)).toBe(plain);
    const cyclic: Record<string, unknown> = { name: "x" };
    cyclic.self = cyclic;
    expect(redactSecrets(cyclic)).toEqual({ name: "x", self: "[circular]" });
    const { log, output } = capture();
    log.info({ cyclic, token: "S-token-7" }, "cycle");
    expect(output()).not.toContain("S-token-7");
  });
});

describe("a line's fields", () => {
  it("stay on that line: the next line, from the same logger or another, shows only its own", () => {
    const { log, output } = capture();
    log.info({ principalId: "p-1", clientId: "c-1" }, "bootstrap");
    log.info({ appId: "shop", dir: "/apps/shop" }, "installed");
    log.info("listening");
    createLogger("info", new Writable({ write: (_chunk, _enc, done) => done() })).info(
      { followers: ["f"] },
      "elsewhere",
    );
    log.info({ port: 1 }, "request");
    const lines = output()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map(({ time: _time, ...rest }) => rest)).toEqual([
      { level: 30, service: "actor-platform", principalId: "p-1", clientId: "c-1", msg: "bootstrap" },
      { level: 30, service: "actor-platform", appId: "shop", dir: "/apps/shop", msg: "installed" },
      { level: 30, service: "actor-platform", msg: "listening" },
      { level: 30, service: "actor-platform", port: 1, msg: "request" },
    ]);
  });
});
