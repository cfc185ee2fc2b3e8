import { describe, expect, it } from "vitest";
import { email, queue, t, useSendingsPlatform } from "../test-support/sendings-fixture.ts";
import type { SendingRecord } from "../index.ts";
import type { Err } from "../test-support/sendings-fixture.ts";

useSendingsPlatform();

describe("POST /resources/sendings/email", () => {
  it("queues one pending record per primary recipient, with copies in data", async () => {
    const r = await t.request("POST", "/resources/sendings/email", {
      token: "writer",
      body: email({
        to: "a@example.test, b@example.test",
        cc: ["c@example.test", "d@example.test"],
        bcc: "e@example.test",
        dynamic: { orderId: 7 },
      }),
    });
    expect(r.status).toBe(202);
    const { sendings } = (await r.json()) as { sendings: SendingRecord[] };
    expect(sendings).toHaveLength(2);
    const [a, b] = sendings;
    expect(Object.keys(a!).sort()).toEqual(
      [
        "sendingId",
        "recipient",
        "transport",
        "status",
        "category",
        "subject",
        "createdAt",
        "updatedAt",
        "sentAt",
        "errorMessage",
        "retryCount",
        "nextAttemptAt",
        "data",
        "dynamic",
      ].sort(),
    );
    expect(a).toEqual({
      sendingId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      recipient: "a@example.test",
      transport: "email",
      status: "pending",
      category: "news",
      subject: "Hello",
      createdAt: expect.any(String),
      updatedAt: a!.createdAt,
      sentAt: null,
      errorMessage: null,
      retryCount: 0,
      nextAttemptAt: null,
      data: { cc: "c@example.test, d@example.test", bcc: "e@example.test" },
      dynamic: { orderId: 7 },
    });
    expect(b!.recipient).toBe("b@example.test");
    expect(b!.sendingId).not.toBe(a!.sendingId);
    // read your writes
    const got = await t.request("GET", `/resources/sendings/${a!.sendingId}`, { token: "reader" });
    expect(await got.json()).toEqual(a);
  });

  it("journals the queue with the caller in the metadata", async () => {
    const [s] = await queue();
    const events = await t.platform.store.readStream(`sending-${s!.sendingId}`);
    expect(events.map((e) => e.type)).toEqual(["SendingQueued"]);
    expect(events[0]!.metadata).toMatchObject({ principalId: "test-writer", sessionId: "session-writer" });
    expect(events[0]!.data).toMatchObject({
      recipient: "ann@example.test",
      plainText: "Hi Ann",
      html: "<p>Hi Ann</p>",
    });
  });

  it("rejects invalid fields with 400 VALIDATION_FAILED naming them", async () => {
    const r = await t.request("POST", "/resources/sendings/email", {
      token: "writer",
      body: email({ to: "ann@example.test, not-an-address", cc: ["x@"], subject: "" }),
    });
    expect(r.status).toBe(400);
    const body = (await r.json()) as Err;
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details!.map((d) => d.path).sort()).toEqual(["cc.0", "subject", "to"]);
    const missing = (await (
      await t.request("POST", "/resources/sendings/email", { token: "writer", body: { subject: "x" } })
    ).json()) as Err;
    expect(missing.error.details!.map((d) => d.path).sort()).toEqual(["body", "category", "to"]);
    const notJson = await t.request("POST", "/resources/sendings/email", {
      token: "writer",
      raw: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
  });

  it("answers 400, never 500, for text the database cannot store, and stores nothing", async () => {
    const before = (
      (await (await t.request("GET", "/resources/sendings", { token: "reader" })).json()) as { totalCount: number }
    ).totalCount;
    const deep = JSON.stringify(email()).replace(/}$/, `,"dynamic":{"a":${"[".repeat(40)}${"]".repeat(40)}}}`);
    const cases = [
      { path: "/resources/sendings/email", body: email({ subject: "a\u0000b" }), field: "subject" },
      { path: "/resources/sendings/email", body: email({ dynamic: { note: "\ud800" } }), field: "dynamic.note" },
      { path: "/resources/sendings/email", raw: deep, field: `dynamic.a${".0".repeat(31)}` },
      {
        path: "/resources/sendings",
        body: { category: "c", to: "a@x.test", subject: "s", bodyHtml: "<p>\u0000</p>" },
        field: "bodyHtml",
      },
    ];
    for (const c of cases) {
      const init = c.raw
        ? { token: "writer", raw: c.raw, headers: { "Content-Type": "application/json" } }
        : { token: "writer", body: c.body };
      const r = await t.request("POST", c.path, init);
      expect(r.status, c.field).toBe(400);
      const body = (await r.json()) as Err;
      expect(body.error.code).toBe("VALIDATION_FAILED");
      expect(body.error.details!.map((d) => d.path)).toEqual([c.field]);
    }
    for (const q of ["category=%00", "recipient=a%00b"]) {
      const r = await t.request("GET", `/resources/sendings?${q}`, { token: "reader" });
      expect(r.status, q).toBe(400);
      // The gateway refuses an encoded NUL anywhere in a URL before any route runs.
      expect(((await r.json()) as Err).error.code).toBe("INVALID_REQUEST");
    }
    expect(
      ((await (await t.request("GET", "/resources/sendings", { token: "reader" })).json()) as { totalCount: number })
        .totalCount,
    ).toBe(before);
  });

  it("refuses the reserved system: categories to API callers with 403", async () => {
    const r = await t.request("POST", "/resources/sendings/email", {
      token: "writer",
      body: email({ category: "system:password-reset" }),
    });
    expect(r.status).toBe(403);
    expect(((await r.json()) as Err).error.code).toBe("FORBIDDEN");
    const list = (await (
      await t.request("GET", "/resources/sendings?category=system:password-reset", { token: "reader" })
    ).json()) as { totalCount: number };
    expect(list.totalCount).toBe(0);
  });

  it("needs a token (401) and sendings:write (403)", async () => {
    const none = await t.request("POST", "/resources/sendings/email", { body: email() });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await t.request("POST", "/resources/sendings/email", { token: "reader", body: email() })).status).toBe(403);
    expect(
      (
        await t.request("POST", "/resources/sendings", {
          token: "reader",
          body: { category: "c", to: "a@x.test", subject: "s", bodyHtml: "<p/>" },
        })
      ).status,
    ).toBe(403);
  });
});

describe("POST /resources/sendings (password-reset shape)", () => {
  it("queues {category, to, subject, bodyHtml} like the email endpoint", async () => {
    const r = await t.request("POST", "/resources/sendings", {
      token: "writer",
      body: { category: "password-reset", to: "pat@example.test", subject: "Reset", bodyHtml: "<a href='x'>reset</a>" },
    });
    expect(r.status).toBe(202);
    const { sendings } = (await r.json()) as { sendings: SendingRecord[] };
    expect(sendings).toEqual([
      expect.objectContaining({
        recipient: "pat@example.test",
        category: "password-reset",
        subject: "Reset",
        status: "pending",
        data: { cc: "", bcc: "" },
        dynamic: {},
      }),
    ]);
    const events = await t.platform.store.readStream(`sending-${sendings[0]!.sendingId}`);
    expect(events[0]!.data).toMatchObject({ html: "<a href='x'>reset</a>", plainText: null });
  });

  it("names its own fields in validation errors and guards system: categories", async () => {
    const r = await t.request("POST", "/resources/sendings", {
      token: "writer",
      body: { category: "c", to: "bad", subject: "s" },
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as Err).error.details!.map((d) => d.path).sort()).toEqual(["bodyHtml", "to"]);
    const sys = await t.request("POST", "/resources/sendings", {
      token: "writer",
      body: { category: "system:reset", to: "a@x.test", subject: "s", bodyHtml: "<p/>" },
    });
    expect(sys.status).toBe(403);
  });
});
