import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json, TestPlatform } from "@platform/http/testing";
import { call, expectError } from "@platform/http/testing";
import { runOps } from "../../../../scripts/ops/run.ts";
import { createPrincipalWithToken } from "../testing/index.ts";
import { bootIam } from "../testing/boot.ts";
import { ports } from "@platform/ports";
import { iamInternalsKey } from "../internals.ts";

let t: TestPlatform;
let owner: { principalId: string; token: string };
beforeAll(async () => {
  ({ t, owner } = await bootIam());
});
afterAll(() => t.close());

/** A person whose every personal value is a string found nowhere else. */
const person = () => {
  const tag = randomBytes(6).toString("hex");
  return {
    name: `Zelda Quixote ${tag}`,
    email: `zelda.${tag}@example.test`,
    phone: `+4420${parseInt(tag.slice(0, 6), 16).toString().padStart(8, "0").slice(0, 8)}`,
    picture: `https://pictures.example.test/${tag}.png`,
    settings: { favourite: `aubergine-${tag}` },
    renamed: `Zelda Renamed ${tag}`,
  };
};
type Person = ReturnType<typeof person>;
const strings = (p: Person) => [
  p.name,
  p.email,
  p.phone,
  p.picture,
  p.settings.favourite,
  p.renamed,
  p.email.toLowerCase(),
];

/**
 * Creates the person with a password and renames it: three events with personal data (created, properties changed, and
 * the password's).
 */
const createPerson = async (p: Person) => {
  const put = await call(t, "PUT", `/resources/iam/principals/${crypto.randomUUID()}`, {
    token: owner.token,
    body: { properties: { name: p.name, email: p.email, phone: p.phone, picture: p.picture, settings: p.settings } },
  });
  expect(put.status).toBe(201);
  const id = put.body.id as string;
  const patch = await call(t, "PATCH", `/resources/iam/principals/${id}`, {
    token: owner.token,
    body: { name: p.renamed },
    headers: { "If-Match": put.etag },
  });
  expect(patch.status).toBe(200);
  return id;
};

const journalText = async (id: string) => {
  const texts: string[] = [];
  const events: Json[] = [];
  for (let after: string | undefined; ; ) {
    const r = await call(t, "GET", `/resources/iam/principals/${id}/journal?limit=2${after ? `&after=${after}` : ""}`, {
      token: owner.token,
    });
    expect(r.status).toBe(200);
    texts.push(r.text);
    events.push(...r.body.events);
    if (events.length >= r.body.totalCount) break;
    after = r.body.lastCursor;
  }
  return { text: texts.join("\n"), events };
};

const opsOutput = async (argv: string[]) => {
  const lines: string[] = [];
  const code = await runOps(argv, t.platform, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
  return { code, text: lines.join("\n") };
};

const rawRows = async (sql: string, params: unknown[] = []) =>
  JSON.stringify((await t.platform.db.pool.query(sql, params)).rows);

describe("personal data of principals", () => {
  it(
    "is stored sealed: neither the events nor the natural keys hold it in plain text, while " + "every reader sees it",
    async () => {
      const p = person();
      const id = await createPerson(p);
      const stored = await rawRows("SELECT data FROM es_events WHERE stream_id = $1", [`principal-${id}`]);
      const keys = await rawRows("SELECT key FROM es_keys WHERE stream_id = $1", [`principal-${id}`]);
      for (const s of strings(p)) {
        expect(stored).not.toContain(s);
        expect(keys).not.toContain(s);
      }
      expect(JSON.parse(keys)).toHaveLength(2);
      const journal = await journalText(id);
      expect(journal.events.map((e) => e.type)).toEqual(["PrincipalCreated", "PrincipalPropertiesChanged"]);
      expect(journal.events[0]!.data.properties).toEqual({
        name: p.name,
        email: p.email,
        phone: p.phone,
        picture: p.picture,
        settings: p.settings,
      });
      expect(journal.events.some((e) => "erased" in e)).toBe(false);
      const ops = await opsOutput(["journal", "principal", id]);
      expect(ops.code).toBe(0);
      expect(ops.text).toContain(p.renamed);
    },
  );

  it(
    "is gone from every answer after DELETE, the audit trail stays, and the email and phone are " + "free again",
    async () => {
      const p = person();
      const id = await createPerson(p);
      await expect(
        t.platform.ports.get(iamInternalsKey).service.verifyPrincipalPassword(p.email, "Not-The-Password-1"),
      ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      expect(await rawRows("SELECT key FROM iam_password_attempts")).toContain(p.email.toLowerCase());
      const del = await call(t, "DELETE", `/resources/iam/principals/${id}`, { token: owner.token });
      expect(del.status).toBe(204);

      const journal = await journalText(id);
      for (const s of strings(p)) expect(journal.text).not.toContain(s);
      expect(journal.events.map((e) => [e.type, e.erased ?? false])).toEqual([
        ["PrincipalCreated", true],
        ["PrincipalPropertiesChanged", true],
        ["PrincipalDeleted", false],
        ["PrincipalErased", false],
      ]);
      expect(journal.events[0]!.data).toMatchObject({
        properties: { name: null, email: null, phone: null, picture: null, settings: null },
        roles: [],
        accessAttributes: {},
      });
      expect(journal.events[3]!.metadata.principalId).toBe(owner.principalId);

      expectError(await call(t, "GET", `/resources/iam/principals/${id}`, { token: owner.token }), 404);
      for (const search of [p.name.split(" ")[2]!, p.email]) {
        const list = await call(t, "GET", `/resources/iam/principals?search=${encodeURIComponent(search!)}`, {
          token: owner.token,
        });
        expect(list.body.principals).toEqual([]);
      }
      for (const argv of [
        ["journal", "principal", id],
        ["journal", "principal", id, "--json"],
        ["replay", "principal", id, "--version", "2"],
      ]) {
        const ops = await opsOutput(argv);
        expect(ops.code).toBe(0);
        for (const s of strings(p)) expect(ops.text).not.toContain(s);
      }
      expect(await rawRows("SELECT key FROM iam_password_attempts")).not.toContain(p.email.toLowerCase());
      const verify = await opsOutput(["verify"]);
      expect(verify.code).toBe(0);
      const raw = await rawRows(
        "SELECT subject, erased_at FROM pd_subject_keys WHERE subject = $1 AND wrapped IS NULL",
        [`principal-${id}`],
      );
      expect(JSON.parse(raw)).toHaveLength(1);

      const again = await call(t, "PUT", `/resources/iam/principals/${crypto.randomUUID()}`, {
        token: owner.token,
        body: { properties: { name: p.name, email: p.email.toUpperCase(), phone: p.phone } },
      });
      expect(again.status).toBe(201);
      // The erased id cannot come back.
      expectError(
        await call(t, "PUT", `/resources/iam/principals/${id}`, {
          token: owner.token,
          body: { properties: { name: "Back", email: `back.${id}@example.test` } },
        }),
        409,
        "CONFLICT",
      );
    },
  );

  it("keeps login, search and uniqueness working for live principals", async () => {
    const live = await createPrincipalWithToken(t, { name: "Live Lookup Person", password: "Vivid-Otter-42" });
    const verified = await t.platform.ports
      .get(ports.iamSessions)
      .verifyPrincipalPassword(live.email.toUpperCase(), "Vivid-Otter-42");
    expect(verified.principalId).toBe(live.principalId);
    const list = await call(t, "GET", `/resources/iam/principals?search=${encodeURIComponent("Live Lookup")}`, {
      token: owner.token,
    });
    expect(list.body.principals.map((x: Json) => x.id)).toEqual([live.principalId]);
    const clash = await call(t, "PUT", `/resources/iam/principals/${crypto.randomUUID()}`, {
      token: owner.token,
      body: { properties: { name: "Clash", email: live.email } },
    });
    expectError(clash, 409, "EMAIL_NOT_UNIQUE");
  });

  it("erases a principal deleted before erasure existed, once, and 404s an id that never existed", async () => {
    const p = person();
    const id = await createPerson(p);
    const iam = t.platform.runtime;
    await iam.execute("principal", id, [{ type: "delete" }], { kind: "system", id: "test" } as never);
    expect((await journalText(id)).text).toContain(p.renamed);
    const erase = () => call(t, "POST", `/resources/iam/principals/${id}/erase`, { token: owner.token });
    expect((await erase()).status).toBe(204);
    expect((await erase()).status).toBe(204);
    const journal = await journalText(id);
    for (const s of strings(p)) expect(journal.text).not.toContain(s);
    expect(journal.events.map((e) => e.type)).toEqual([
      "PrincipalCreated",
      "PrincipalPropertiesChanged",
      "PrincipalDeleted",
      "PrincipalErased",
    ]);
    expectError(
      await call(t, "POST", `/resources/iam/principals/${crypto.randomUUID()}/erase`, { token: owner.token }),
      404,
    );
  });

  it("refuses erasure to callers without iam/principals:delete or outside the principal's attributes", async () => {
    const target = await createPrincipalWithToken(t, { accessAttributes: { channelKey: ["web"] } });
    const reader = await createPrincipalWithToken(t, { acl: ["iam/principals:read"] });
    expectError(
      await call(t, "POST", `/resources/iam/principals/${target.principalId}/erase`, { token: reader.token }),
      403,
    );
    const restricted = await createPrincipalWithToken(t, {
      acl: ["iam/principals:*"],
      accessAttributes: { channelKey: ["shop"] },
    });
    expectError(
      await call(t, "POST", `/resources/iam/principals/${target.principalId}/erase`, { token: restricted.token }),
      403,
    );
    expect(
      (await call(t, "GET", `/resources/iam/principals/${target.principalId}`, { token: owner.token })).status,
    ).toBe(200);
  });

  it("lets a principal erase itself once its password is confirmed", async () => {
    const me = await createPrincipalWithToken(t, { name: "Self Eraser Person", password: "Vivid-Otter-42" });
    const wrong = await call(t, "POST", "/resources/me/erase", {
      token: me.token,
      body: { currentPassword: "Wrong-Otter-42" },
    });
    expectError(wrong, 400, "VALIDATION_FAILED");
    expectError(await call(t, "POST", "/resources/me/erase", { token: me.token, body: {} }), 400, "VALIDATION_FAILED");
    const scoped = await createPrincipalWithToken(t, { password: "Vivid-Otter-42", scope: ["me/password:write"] });
    expectError(
      await call(t, "POST", "/resources/me/erase", {
        token: scoped.token,
        body: { currentPassword: "Vivid-Otter-42" },
      }),
      403,
    );
    expect((await call(t, "GET", `/resources/iam/principals/${me.principalId}`, { token: owner.token })).status).toBe(
      200,
    );

    expect(
      (await call(t, "POST", "/resources/me/erase", { token: me.token, body: { currentPassword: "Vivid-Otter-42" } }))
        .status,
    ).toBe(204);
    expectError(await call(t, "GET", "/resources/me", { token: me.token }), 401);
    const journal = await journalText(me.principalId);
    expect(journal.text).not.toContain("Self Eraser Person");
    expect(journal.text).not.toContain(me.email);
    expect(journal.events.at(-1)).toMatchObject({ type: "PrincipalErased", metadata: { principalId: me.principalId } });
  });
});
