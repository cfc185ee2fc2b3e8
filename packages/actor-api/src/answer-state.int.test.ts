import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaticCaller, TestPlatform } from "@platform/http/testing";
import { defineActor } from "@platform/actor-runtime";
import { tallyActor } from "@platform/actor-runtime/testing";
import { defineContext } from "@platform/host";
import { ordersContext } from "@platform/orders";
import { orderBody } from "@platform/orders/testing";
import { actorsTestPlatform, json } from "./testing/harness.ts";

// An order created at a UUID chosen here, so a caller's ACE can name it before it exists.
const NAMED = "0190f000-0000-7000-8000-00000000beef";

// A second actor type with a typeKey: ledgers named b2b… are "b2b", the others "retail".
const ledgerActor = defineActor({
  ...tallyActor,
  type: "ledger",
  typeKey: (s) => (s.name?.startsWith("b2b") ? "b2b" : "retail"),
});
const ledgerContext = defineContext({ name: "ledger", actors: [ledgerActor] });

const callers: Readonly<Record<string, StaticCaller>> = {
  admin: { scope: ["actors/order:*", "actors/ledger:*"], id: "p-admin" },
  creator: { scope: ["actors/order:create"], id: "p-creator" },
  creatorReader: { scope: ["actors/order:create", "actors/order:read"], id: "p-creator-reader" },
  oneReader: { scope: ["actors/order:create", `actors/order/${NAMED}:read`], id: "p-one-reader" },
  web: { scope: ["actors/order:*"], id: "p-web", attributes: { channelKey: ["web"] } },
  webCreator: { scope: ["actors/order:create"], id: "p-web-creator", attributes: { channelKey: ["web"] } },
  b2bReader: {
    scope: ["actors/ledger:open", "actors/ledger:add", "actors/ledger:rename", "actors/ledger/b2b:read"],
    id: "p-b2b",
  },
};

let t: TestPlatform;
beforeAll(async () => {
  t = await actorsTestPlatform([ordersContext, ledgerContext], callers);
  for (const [path, body] of [
    ["order/new", orderBody("S-1")],
    ["order/new", orderBody("S-W", { channelKey: "web" })],
    [`order/${NAMED}`, orderBody("S-N")],
  ] as const)
    expect((await post(path, [{ type: "create", body }], "admin")).status).toBe(200);
  for (const name of ["b2b-1", "b2b-2", "shop-1", "shop-2"])
    expect((await post("ledger/new", [{ type: "open", body: { name } }], "admin")).status).toBe(200);
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token: string) =>
  t.request("POST", `/resources/actors/${path}`, { token, body });
const recreate = async (orderNumber: string, token: string, preview: boolean) => {
  const r = await post(
    `order/${orderNumber}${preview ? "?preview" : ""}`,
    [{ type: "create", body: orderBody(orderNumber) }],
    token,
  );
  return { status: r.status, text: await r.clone().text(), body: await json(r) };
};
const add = [{ type: "add", body: { amounts: [1] } }];
const stateOf = async (path: string, body: unknown, token: string) => (await json(await post(path, body, token))).state;

describe("a message answer shows state only to a reader", () => {
  it(
    "a message answer shows state only to a reader: create-only caller gets state null on a 422 " +
      "preview of an existing order",
    async () => {
      expect((await t.request("GET", "/resources/actors/order/S-1", { token: "creator" })).status).toBe(403);
      const { status, text, body } = await recreate("S-1", "creator", true);
      expect(status).toBe(422);
      expect(body).toEqual({
        actor: {
          type: "order",
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          identifiers: { orderId: body.actor.id, orderNumber: "S-1" },
          version: 4,
        },
        results: [
          {
            type: "create",
            ok: false,
            error: { code: "COMMAND_REJECTED", message: "The order already exists", details: { reason: "CONFLICT" } },
          },
        ],
        state: null,
        preview: true,
      });
      expect(text).not.toMatch(/Ada Lovelace|Drottninggatan|ada@example\.com/);
    },
  );

  it(
    "a message answer shows state only to a reader: create-only caller gets state null on a 422 " + "without preview",
    async () => {
      const { status, text, body } = await recreate("S-1", "creator", false);
      expect(status).toBe(422);
      expect(body).toMatchObject({
        actor: { identifiers: { orderNumber: "S-1" }, version: 4 },
        state: null,
        preview: false,
      });
      expect(text).not.toMatch(/Ada Lovelace|Drottninggatan|ada@example\.com/);
    },
  );

  it(
    "a message answer shows state only to a reader: create-only caller creating an order gets " +
      "its ids and version, state null",
    async () => {
      for (const preview of [true, false]) {
        const r = await t.request("POST", `/resources/actors/order/new${preview ? "?preview" : ""}`, {
          token: "creator",
          body: [{ type: "create", body: orderBody("S-C") }],
        });
        const body = await json(r);
        expect(r.status).toBe(200);
        expect(body).toMatchObject({
          actor: { type: "order", identifiers: { orderId: body.actor.id, orderNumber: "S-C" }, version: 4 },
          results: [{ ok: true }],
          state: null,
          preview,
        });
      }
    },
  );

  it(
    "a message answer shows state only to a reader: a caller with read gets the full state, " +
      "with or without preview",
    async () => {
      for (const preview of [true, false]) {
        const { status, body } = await recreate("S-1", "creatorReader", preview);
        expect(status).toBe(422);
        expect(body.state).toMatchObject({
          orderNumber: "S-1",
          status: "open",
          deliveries: [{ address: { name: "Ada Lovelace", email: "ada@example.com" } }],
        });
        const read = await json(await t.request("GET", "/resources/actors/order/S-1", { token: "creatorReader" }));
        expect(body.state).toEqual(read.state);
      }
    },
  );

  it(
    "a message answer shows state only to a reader: a read ACE on one actor's UUID shows that " +
      "actor's state, not another's",
    async () => {
      expect((await recreate("S-N", "oneReader", true)).body.state).toMatchObject({ orderNumber: "S-N" });
      expect((await recreate("S-N", "oneReader", false)).body.state).toMatchObject({ orderNumber: "S-N" });
      expect((await recreate("S-1", "oneReader", true)).body.state).toBeNull();
    },
  );

  it(
    "a message answer shows state only to a reader: a typeKey read ACE shows only that " +
      "typeKey's actors, as they were and as they are left",
    async () => {
      expect((await t.request("GET", "/resources/actors/ledger/b2b-1", { token: "b2bReader" })).status).toBe(200);
      expect((await t.request("GET", "/resources/actors/ledger/shop-1", { token: "b2bReader" })).status).toBe(403);
      expect(await stateOf("ledger/b2b-1", add, "b2bReader")).toMatchObject({ name: "b2b-1", total: 1 });
      expect(await stateOf("ledger/shop-1", add, "b2bReader")).toBeNull();
      expect(await stateOf("ledger/new", [{ type: "open", body: { name: "b2b-3" } }], "b2bReader")).toMatchObject({
        name: "b2b-3",
      });
      expect(await stateOf("ledger/new?preview", [{ type: "open", body: { name: "shop-3" } }], "b2bReader")).toBeNull();
      // Renamed out of b2b: what is left is not readable. Renamed into b2b: the state came from a retail ledger.
      expect(
        await stateOf("ledger/b2b-2?preview", [{ type: "rename", body: { name: "shop-9" } }], "b2bReader"),
      ).toBeNull();
      expect(
        await stateOf("ledger/shop-2?preview", [{ type: "rename", body: { name: "b2b-9" } }], "b2bReader"),
      ).toBeNull();
      expect(
        await stateOf("ledger/shop-2?preview", [{ type: "rename", body: { name: "b2b-9" } }], "admin"),
      ).toMatchObject({ name: "b2b-9" });
    },
  );

  it(
    "a message answer shows state only to a reader: a restricted caller never gets the state of " +
      "an order outside its access attributes",
    async () => {
      for (const token of ["web", "webCreator"])
        for (const preview of [true, false]) {
          const { status, text, body } = await recreate("S-1", token, preview);
          expect(status).toBe(403);
          expect(body).toEqual({ error: { code: "FORBIDDEN", message: "Outside your access attributes" } });
          expect(text).not.toMatch(/Ada Lovelace|Drottninggatan|ada@example\.com/);
        }
      // Inside its attributes the same rule applies: state only with read.
      expect((await recreate("S-W", "web", true)).body.state).toMatchObject({ orderNumber: "S-W", channelKey: "web" });
      const creatorOnly = await recreate("S-W", "webCreator", true);
      expect(creatorOnly.status).toBe(422);
      expect(creatorOnly.body.state).toBeNull();
    },
  );
});
