import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestPlatform } from "@platform/http/testing";
import type { Json, TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken, iamTestContext } from "@platform/iam/testing";
import { actorsContext } from "@platform/actor-api";
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
    body: {
      to,
      cc: `copy.${tag}@example.test`,
      subject: `Your parcel ${tag}`,
      body: { plainText: `Hello ${tag}` },
      category: "news",
      dynamic: { fullName: `Erin ${tag}` },
    },
  });
  expect(r.status).toBe(202);
  return r.body.sendings[0].sendingId as string;
};
const sending = async (id: string) =>
  (await call(t, "GET", `/resources/sendings/${id}`, { token: owner })).body as Json;
const stored = async (id: string) =>
  JSON.stringify(
    (await t.platform.db.pool.query("SELECT data FROM es_events WHERE stream_id = $1", [`sending-${id}`])).rows,
  );

describe("the sendings of an erased principal", () => {
  it(
    "keep their records; recipient, message and data read erased once each is no longer " +
      "pending, and at once for those already done",
    async () => {
      const tag = randomBytes(5).toString("hex");
      const person = await createPrincipalWithToken(t, { email: `Erin.${tag}@Example.test`, name: `Erin ${tag}` });
      const done = await queue(person.email, tag);
      const pending = await queue(person.email.toLowerCase(), tag);
      const other = await queue(`someone.${tag}@example.test`, tag);
      expect((await call(t, "DELETE", `/resources/sendings/${done}`, { token: owner })).status).toBe(204);
      for (const id of [done, pending]) expect(await stored(id)).not.toContain(tag);

      expect(
        (await call(t, "DELETE", `/resources/iam/principals/${person.principalId}`, { token: owner })).status,
      ).toBe(204);

      const erased = await sending(done);
      expect(erased).toMatchObject({
        sendingId: done,
        status: "cancelled",
        category: "news",
        recipient: null,
        subject: null,
        data: { cc: null, bcc: null },
        dynamic: null,
        erased: true,
      });
      expect(JSON.stringify(erased)).not.toContain(tag);
      const journal = await t.platform.store.readStream(`sending-${done}`);
      expect(journal.map((e) => [e.type, e.erased ?? false])).toEqual([
        ["SendingQueued", true],
        ["SendingCancelled", false],
      ]);
      expect(JSON.stringify(journal)).not.toContain(tag);
      expect(JSON.stringify((await t.platform.runtime.load("sending", done)).state)).not.toContain(tag);
      // The actor API: its state now, a past version, its journal.
      for (const path of [
        `/resources/actors/sending/${done}`,
        `/resources/actors/sending/${done}?version=1`,
        `/resources/actors/sending/${done}/journal`,
      ]) {
        const r = await call(t, "GET", path, { token: owner });
        expect(r.status).toBe(200);
        expect(r.text).not.toContain(tag);
      }
      expect(
        (await call(t, "GET", `/resources/actors/sending/${done}/journal`, { token: owner })).body.events[0],
      ).toMatchObject({ type: "SendingQueued", erased: true, data: { recipient: null, category: "news" } });

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
      expect(
        list.body.sendings
          .filter((s: Json) => s.sendingId === done || s.sendingId === pending)
          .map((s: Json) => s.recipient),
      ).toEqual([null, null]);
      // only the other person's sending: recipient, cc, subject, and its dynamic
      expect(list.text.split(tag).length - 1).toBe(3 + 1);
      expect(await sending(other)).toMatchObject({
        recipient: `someone.${tag}@example.test`,
        subject: `Your parcel ${tag}`,
        dynamic: { fullName: `Erin ${tag}` },
      });
    },
  );

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
    const r = await call(t, "POST", "/resources/sendings/sms", {
      token: owner,
      body: { to: `+46${digits}`, body: { text: `Code ${tag}` }, category: "otp" },
    });
    expect(r.status).toBe(202);
    const id = r.body.sendings[0].sendingId as string;
    expect((await call(t, "DELETE", `/resources/sendings/${id}`, { token: owner })).status).toBe(204);
    expect((await call(t, "DELETE", `/resources/iam/principals/${person.principalId}`, { token: owner })).status).toBe(
      204,
    );
    expect(await sending(id)).toMatchObject({ transport: "sms", recipient: null, erased: true });
    expect(await stored(id)).not.toContain(tag);
  });

  it("erase the emails that name the principal only in cc or in bcc, whatever the letter case", async () => {
    const tag = randomBytes(5).toString("hex");
    const person = await createPrincipalWithToken(t, { email: `cora.${tag}@example.test`, name: `Cora ${tag}` });
    const email = async (copies: Record<string, string>) => {
      const r = await call(t, "POST", "/resources/sendings/email", {
        token: owner,
        body: {
          to: `other.${tag}@example.test`,
          subject: `Minutes ${tag}`,
          body: { plainText: `Hi ${tag}` },
          category: "news",
          ...copies,
        },
      });
      expect(r.status, r.text).toBe(202);
      return r.body.sendings[0].sendingId as string;
    };
    const inCc = await email({ cc: `first.${tag}@example.test, ${person.email}` });
    const inBcc = await email({ bcc: person.email.toUpperCase() });
    expect((await call(t, "DELETE", `/resources/sendings/${inCc}`, { token: owner })).status).toBe(204);

    expect((await call(t, "DELETE", `/resources/iam/principals/${person.principalId}`, { token: owner })).status).toBe(
      204,
    );

    const erased = { status: "cancelled", recipient: null, subject: null, data: { cc: null, bcc: null }, erased: true };
    expect(await sending(inCc)).toMatchObject({ sendingId: inCc, ...erased });
    // Still pending, it keeps what delivery needs; it is erased once it ends.
    expect(await sending(inBcc)).toMatchObject({ status: "pending", data: { bcc: person.email.toUpperCase() } });
    expect((await call(t, "DELETE", `/resources/sendings/${inBcc}`, { token: owner })).status).toBe(204);
    await expect.poll(async () => (await sending(inBcc)).erased, { timeout: 10_000, interval: 100 }).toBe(true);
    for (const id of [inCc, inBcc]) {
      expect(JSON.stringify(await sending(id))).not.toContain(tag);
      expect(JSON.stringify(await t.platform.store.readStream(`sending-${id}`))).not.toContain(tag);
      const journal = await call(t, "GET", `/resources/actors/sending/${id}/journal`, { token: owner });
      expect(journal.status).toBe(200);
      expect(journal.body.events[0]).toMatchObject({
        type: "SendingQueued",
        erased: true,
        data: { recipient: null, cc: null, bcc: null },
      });
      expect(journal.text).not.toContain(tag);
    }
    const list = await call(t, "GET", "/resources/sendings?limit=100", { token: owner });
    expect(
      list.body.sendings
        .filter((s: Json) => s.sendingId === inCc || s.sendingId === inBcc)
        .map((s: Json) => [s.recipient, s.data]),
    ).toEqual([
      [null, { cc: null, bcc: null }],
      [null, { cc: null, bcc: null }],
    ]);
    expect(list.text).not.toContain(tag);
    const { rows } = await t.platform.db.pool.query("SELECT * FROM sendings_sendings WHERE sending_id = ANY($1)", [
      [inCc, inBcc],
    ]);
    expect(JSON.stringify(rows)).not.toContain(tag);
  });

  it("erase the SMS to the principal's phone written without a plus (46…, 0046…), stored as E.164", async () => {
    const tag = randomBytes(5).toString("hex");
    const digits = (i: number) => String(700_000_000 + ((parseInt(tag.slice(0, 6), 16) + i) % 99_999_999));
    for (const [i, written] of [
      (d: string) => `46${d}`,
      (d: string) => `0046 ${d.slice(0, 2)}-${d.slice(2)}`,
    ].entries()) {
      const person = await createPrincipalWithToken(t, { email: `pia${i}.${tag}@example.test`, name: `Pia ${tag}` });
      const current = await call(t, "GET", `/resources/iam/principals/${person.principalId}`, { token: owner });
      const patched = await call(t, "PATCH", `/resources/iam/principals/${person.principalId}`, {
        token: owner,
        headers: { "If-Match": current.headers.get("etag")! },
        body: { phone: written(digits(i)) },
      });
      expect(patched.status, patched.text).toBe(200);
      expect(patched.body.phone).toBe(`+46${digits(i)}`);
      const id = await sms(`+46${digits(i)}`, tag);
      expect(
        (await call(t, "DELETE", `/resources/iam/principals/${person.principalId}`, { token: owner })).status,
      ).toBe(204);
      expect(await sending(id)).toMatchObject({ transport: "sms", recipient: null, erased: true });
      expect(await stored(id)).not.toContain(tag);
    }
  });

  it("erase the SMS to a phone recorded before phones were stored as E.164, comparing its digits", async () => {
    const tag = randomBytes(5).toString("hex");
    const digits = (i: number) => String(700_000_000 + ((parseInt(tag.slice(0, 6), 16) + 7 + i) % 99_999_999));
    const spellings = [
      (d: string) => `46${d}`,
      (d: string) => `0046${d}`,
      (d: string) => `0046 ${d.slice(0, 2)}-${d.slice(2)}`,
      (d: string) => `+46 (0)${d}`,
    ];
    for (const [i, written] of spellings.entries()) {
      const person = await createPrincipalWithToken(t, { email: `old${i}.${tag}@example.test`, name: `Old ${tag}` });
      // The command itself, as the routes wrote it before they normalised phones.
      const properties = {
        name: `Old ${tag}`,
        email: person.email,
        phone: written(digits(i)),
        picture: null,
        settings: {},
      };
      await t.platform.runtime.execute("principal", person.principalId, [{ type: "changeProperties", properties }], {
        clientId: "test",
      });
      const id = await sms(`+46${digits(i)}`, tag);
      expect(
        (await call(t, "DELETE", `/resources/iam/principals/${person.principalId}`, { token: owner })).status,
      ).toBe(204);
      expect(await sending(id), written(digits(i))).toMatchObject({ transport: "sms", recipient: null, erased: true });
      expect(await stored(id)).not.toContain(tag);
    }
  });
});

/** An SMS to `to`, cancelled at once (it ended, so erasure erases it at once). */
const sms = async (to: string, tag: string) => {
  const r = await call(t, "POST", "/resources/sendings/sms", {
    token: owner,
    body: { to, body: { text: `Code ${tag}` }, category: "otp" },
  });
  expect(r.status, r.text).toBe(202);
  const id = r.body.sendings[0].sendingId as string;
  expect((await call(t, "DELETE", `/resources/sendings/${id}`, { token: owner })).status).toBe(204);
  return id;
};
