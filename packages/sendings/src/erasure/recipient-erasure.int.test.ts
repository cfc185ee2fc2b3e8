import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestPlatform } from "@platform/http/testing";
import type { Json, TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken, iamTestContext } from "@platform/iam/testing";
import { actorsContext } from "@platform/actors";
import { sendingsContext } from "../index.ts";

// SMTP_URL unset: sendings stay pending until cancelled.
let t: TestPlatform;
let owner: string;
beforeAll(async () => {
  t = await createTestPlatform([iamTestContext(), actorsContext, sendingsContext]);
  owner = (await createPrincipalWithToken(t, { roles: ["system:owner"] })).token;
});
afterAll(() => t.close());

const queue = async (to: string, tag: string) => {
  const r = await call(t, "POST", "/resources/sendings/email", {
    token: owner,
    body: { to, cc: `copy.${tag}@example.test`, subject: `Your parcel ${tag}`, body: { plainText: `Hello ${tag}` }, category: "news", dynamic: { fullName: `Erin ${tag}` } },
  });
  expect(r.status).toBe(202);
  return r.body.sendings[0].sendingId as string;
};
const sending = async (id: string) => (await call(t, "GET", `/resources/sendings/${id}`, { token: owner })).body as Json;
const stored = async (id: string) => JSON.stringify((await t.platform.db.pool.query("SELECT data FROM es_events WHERE stream_id = $1", [`sending-${id}`])).rows);

describe("the sendings of an erased principal", () => {
  it("keep their records; recipient, message and data read erased once each is no longer pending, and at once for those already done", async () => {
    const tag = randomBytes(5).toString("hex");
    const person = await createPrincipalWithToken(t, { email: `Erin.${tag}@Example.test`, name: `Erin ${tag}` });
    const done = await queue(person.email, tag);
    const pending = await queue(person.email.toLowerCase(), tag);
    const other = await queue(`someone.${tag}@example.test`, tag);
    expect((await call(t, "DELETE", `/resources/sendings/${done}`, { token: owner })).status).toBe(204);
    for (const id of [done, pending]) expect(await stored(id)).not.toContain(tag);

    expect((await call(t, "DELETE", `/resources/iam/principals/${person.principalId}`, { token: owner })).status).toBe(204);

    const erased = await sending(done);
    expect(erased).toMatchObject({ sendingId: done, status: "cancelled", category: "news", recipient: null, subject: null, data: { cc: null, bcc: null }, dynamic: null, erased: true });
    expect(JSON.stringify(erased)).not.toContain(tag);
    const journal = await t.platform.store.readStream(`sending-${done}`);
    expect(journal.map((e) => [e.type, e.erased ?? false])).toEqual([["SendingQueued", true], ["SendingCancelled", false]]);
    expect(JSON.stringify(journal)).not.toContain(tag);
    expect(JSON.stringify((await t.platform.runtime.load("sending", done)).state)).not.toContain(tag);
    // The actor API: its state now, a past version, its journal.
    for (const path of [`/resources/actors/sending/${done}`, `/resources/actors/sending/${done}?version=1`, `/resources/actors/sending/${done}/journal`]) {
      const r = await call(t, "GET", path, { token: owner });
      expect(r.status).toBe(200);
      expect(r.text).not.toContain(tag);
    }
    expect((await call(t, "GET", `/resources/actors/sending/${done}/journal`, { token: owner })).body.events[0]).toMatchObject({ type: "SendingQueued", erased: true, data: { recipient: null, category: "news" } });

    // Still pending: it may still be delivered, so it keeps what delivery needs.
    expect(await sending(pending)).toMatchObject({ status: "pending", recipient: person.email.toLowerCase() });
    expect((await call(t, "DELETE", `/resources/sendings/${pending}`, { token: owner })).status).toBe(204);
    for (let i = 0; (await sending(pending)).erased !== true; i++) {
      if (i > 100) throw new Error("the ended sending was not erased");
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(JSON.stringify(await sending(pending))).not.toContain(tag);
    expect(JSON.stringify(await t.platform.store.readStream(`sending-${pending}`))).not.toContain(tag);

    const list = await call(t, "GET", `/resources/sendings?limit=100`, { token: owner });
    expect(list.body.sendings.filter((s: Json) => s.sendingId === done || s.sendingId === pending).map((s: Json) => s.recipient)).toEqual([null, null]);
    expect(list.text.split(tag).length - 1).toBe(3 + 1); // only the other person's sending: recipient, cc, subject, and its dynamic
    expect(await sending(other)).toMatchObject({ recipient: `someone.${tag}@example.test`, subject: `Your parcel ${tag}`, dynamic: { fullName: `Erin ${tag}` } });
  });

  it("erase the SMS sent to the principal's phone, however the number was written", async () => {
    const tag = randomBytes(5).toString("hex");
    const person = await createPrincipalWithToken(t, { email: `sam.${tag}@example.test`, name: `Sam ${tag}` });
    const digits = String(700_000_000 + (parseInt(tag.slice(0, 6), 16) % 99_999_999));
    const current = await call(t, "GET", `/resources/iam/principals/${person.principalId}`, { token: owner });
    const patched = await call(t, "PATCH", `/resources/iam/principals/${person.principalId}`, {
      token: owner,
      headers: { "If-Match": current.headers.get("etag")! },
      body: { phone: `+46 ${digits.slice(0, 2)}-${digits.slice(2)}` },
    });
    expect(patched.status, patched.text).toBe(200);
    const r = await call(t, "POST", "/resources/sendings/sms", { token: owner, body: { to: `+46${digits}`, body: { text: `Code ${tag}` }, category: "otp" } });
    expect(r.status).toBe(202);
    const id = r.body.sendings[0].sendingId as string;
    expect((await call(t, "DELETE", `/resources/sendings/${id}`, { token: owner })).status).toBe(204);
    expect((await call(t, "DELETE", `/resources/iam/principals/${person.principalId}`, { token: owner })).status).toBe(204);
    expect(await sending(id)).toMatchObject({ transport: "sms", recipient: null, erased: true });
    expect(await stored(id)).not.toContain(tag);
  });
});
