import { describe, expect, it } from "vitest";
import { DomainError } from "@platform/kernel";
import { email, queue, t, useSendingsPlatform } from "../test-support/sendings-fixture.ts";
import type { SendingRecord } from "../index.ts";
import type { Err } from "../test-support/sendings-fixture.ts";
import { sendingsInternalPort } from "../sendings-service.ts";

useSendingsPlatform();

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
    const api = t.platform.ports.get(sendingsInternalPort);
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
