import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { DomainError } from "@platform/kernel";
import { sendingsApiKey, sendingsContext } from "../index.ts";
import type { SendingRecord } from "../index.ts";

// SMTP_URL unset: everything stays pending, which is what these API tests want.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform([
    staticAuthContext({
      writer: { scope: ["sendings:read", "sendings:write"] },
      reader: { scope: ["sendings:read"] },
      writeOnly: { scope: ["sendings:write"] },
      other: { scope: ["jobs:read"] },
      web: { scope: ["sendings:*"], attributes: { channelKey: ["web"] } },
      eu: { scope: ["sendings:*"], attributes: { region: ["eu"] } },
    }),
    sendingsContext,
  ]);
});
afterAll(() => t.close());

type Err = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
const email = (over: Record<string, unknown> = {}) => ({
  to: "ann@example.test",
  subject: "Hello",
  body: { plainText: "Hi Ann", html: "<p>Hi Ann</p>" },
  category: "news",
  ...over,
});
const queue = async (over: Record<string, unknown> = {}, token = "writer") => {
  const r = await t.request("POST", "/resources/sendings/email", { token, body: email(over) });
  expect(r.status).toBe(202);
  return ((await r.json()) as { sendings: SendingRecord[] }).sendings;
};

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

describe("GET and DELETE /resources/sendings/{id}", () => {
  it("answers 404 for unknown and malformed ids, 401 without a token, 403 without sendings:read", async () => {
    const [s] = await queue();
    expect(
      (await t.request("GET", "/resources/sendings/0190a0c0-0000-7000-8000-000000000000", { token: "reader" })).status,
    ).toBe(404);
    expect((await t.request("GET", "/resources/sendings/nope", { token: "reader" })).status).toBe(404);
    expect((await t.request("GET", `/resources/sendings/${s!.sendingId}`)).status).toBe(401);
    expect((await t.request("GET", `/resources/sendings/${s!.sendingId}`, { token: "other" })).status).toBe(403);
    // sendings:write does not imply sendings:read
    expect((await t.request("GET", `/resources/sendings/${s!.sendingId}`, { token: "writeOnly" })).status).toBe(403);
    expect((await t.request("GET", "/resources/sendings", { token: "writeOnly" })).status).toBe(403);
  });

  it("cancels a pending sending (204), then refuses with 409 INVALID_STATE; 404 for unknown ids", async () => {
    const [s] = await queue();
    expect((await t.request("DELETE", `/resources/sendings/${s!.sendingId}`, { token: "reader" })).status).toBe(403);
    const del = await t.request("DELETE", `/resources/sendings/${s!.sendingId}`, { token: "writer" });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe("");
    const after = (await (
      await t.request("GET", `/resources/sendings/${s!.sendingId}`, { token: "reader" })
    ).json()) as SendingRecord;
    expect(after.status).toBe("cancelled");
    const again = await t.request("DELETE", `/resources/sendings/${s!.sendingId}`, { token: "writer" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as Err).error.code).toBe("INVALID_STATE");
    expect(
      (await t.request("DELETE", "/resources/sendings/0190a0c0-0000-7000-8000-000000000000", { token: "writer" }))
        .status,
    ).toBe(404);
    const journal = await t.platform.store.readStream(`sending-${s!.sendingId}`);
    expect(journal.map((e) => e.type)).toEqual(["SendingQueued", "SendingCancelled"]);
    // Nothing left for a dispatcher: the cancel's hold on the queue row went with the row.
    const { rows } = await t.platform.db.pool.query("SELECT 1 FROM sendings_queue WHERE sending_id = $1", [
      s!.sendingId,
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe("the sendings.api service", () => {
  it("queues platform mail in system: categories only when allowed", async () => {
    const api = t.platform.services.get(sendingsApiKey);
    const mail = {
      to: ["one@example.test", "two@example.test"],
      subject: "Reset",
      body: { html: "<p>reset</p>" },
      category: "system:password-reset",
    };
    const err = await api.queueEmail(mail, { clientId: "iam" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe("FORBIDDEN");
    const records = await api.queueEmail(mail, { clientId: "iam" }, { allowSystemCategory: true });
    expect(records.map((r) => [r.recipient, r.category, r.status])).toEqual([
      ["one@example.test", "system:password-reset", "pending"],
      ["two@example.test", "system:password-reset", "pending"],
    ]);
    expect(await api.getSending(records[0]!.sendingId)).toEqual(records[0]);
    const bad = await api.queueEmail({ ...mail, to: "nope" }, {}).catch((e: unknown) => e);
    expect((bad as DomainError).code).toBe("VALIDATION_FAILED");
  });
});

describe("cancelling while a worker delivers", () => {
  it("answers 409 INVALID_STATE while a dispatcher holds the claim", async () => {
    const [s] = await queue();
    // No SMTP here, so nothing else claims; stand in for a worker mid-delivery.
    await t.platform.db.pool.query(
      "UPDATE sendings_queue SET claimed_by = 'busy-worker', lease_until = now() + interval '1 " +
        "minute' WHERE sending_id = $1",
      [s!.sendingId],
    );
    const r = await t.request("DELETE", `/resources/sendings/${s!.sendingId}`, { token: "writer" });
    expect(r.status).toBe(409);
    expect(((await r.json()) as Err).error.code).toBe("INVALID_STATE");
  });
});

describe("access attributes (dynamic.channelKey)", () => {
  it("lets a restricted caller see and cancel only its channel's sendings (403 otherwise)", async () => {
    const [mine] = await queue({ dynamic: { channelKey: "web" } }, "web");
    const [theirs] = await queue({ dynamic: { channelKey: "pos" } });
    const [bare] = await queue();
    expect((await t.request("GET", `/resources/sendings/${mine!.sendingId}`, { token: "web" })).status).toBe(200);
    expect((await t.request("GET", `/resources/sendings/${theirs!.sendingId}`, { token: "web" })).status).toBe(403);
    expect((await t.request("GET", `/resources/sendings/${bare!.sendingId}`, { token: "web" })).status).toBe(403);
    expect((await t.request("DELETE", `/resources/sendings/${theirs!.sendingId}`, { token: "web" })).status).toBe(403);
    expect((await t.request("GET", `/resources/sendings/${mine!.sendingId}`, { token: "eu" })).status).toBe(403);
  });

  it("refuses to queue outside the caller's attributes", async () => {
    expect(
      (
        await t.request("POST", "/resources/sendings/email", {
          token: "web",
          body: email({ dynamic: { channelKey: "pos" } }),
        })
      ).status,
    ).toBe(403);
    expect((await t.request("POST", "/resources/sendings/email", { token: "web", body: email() })).status).toBe(403);
  });

  it("leaves other channels' sendings out of lists", async () => {
    const list = (await (await t.request("GET", "/resources/sendings?limit=100", { token: "web" })).json()) as {
      sendings: SendingRecord[];
      totalCount: number;
    };
    expect(list.sendings.length).toBeGreaterThan(0);
    expect(list.sendings.every((s) => s.dynamic?.channelKey === "web")).toBe(true);
    expect(list.totalCount).toBe(list.sendings.length);
    const eu = (await (await t.request("GET", "/resources/sendings", { token: "eu" })).json()) as {
      totalCount: number;
    };
    expect(eu.totalCount).toBe(0);
  });
});
