import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import { WrongExpectedVersionError } from "../errors.ts";
import { eventStoreContract } from "../testing/contract.ts";
import type { NewEvent } from "../types.ts";
import { createKurrentEventStore, keyStreamName } from "./kurrentdb-event-store.ts";

// Needs a KurrentDB server, e.g.
//   docker run -d -p 2113:2113 docker.kurrent.io/kurrent-latest/kurrentdb --insecure --run-projections=None
//   EVENTSTORE_URL='kurrentdb://localhost:2113?tls=false' npx vitest run packages/event-store
// Every test writes to streams and keys named with a fresh UUID, so runs against a shared
// server do not collide.
const url = process.env.EVENTSTORE_URL;

const ev = (type: string, data: unknown = {}, schemaVersion?: number): NewEvent => ({
  type,
  data,
  metadata: { at: new Date(0).toISOString(), requestId: "r1" },
  ...(schemaVersion === undefined ? {} : { schemaVersion }),
});

if (url) {
  eventStoreContract("kurrentdb", async () => {
    const store = createKurrentEventStore({ url });
    return { store, dispose: () => store.close() };
  });

  describe("KurrentDB adapter specifics", () => {
    const store = createKurrentEventStore({
      url,
      upcasters: [{ type: "Renamed", fromVersion: 1, upcast: (d) => ({ ...(d as object), v2: true }) }],
    });
    let start: string | null = null;
    beforeAll(async () => {
      start = await store.headPosition();
    });
    afterAll(() => store.close());

    it("releases the keys it reserved when the append fails (compensation)", async () => {
      const s = `test-${newId()}`;
      const key = { scope: "order:orderNumber", key: `N-${newId()}` };
      await expect(store.append(s, [ev("Created")], { expectedVersion: 5, reserveKeys: [key] })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      expect(await store.lookupKey(key.scope, key.key)).toBeNull();
      expect(await store.readStream(s)).toEqual([]);
      await store.append(`test-${newId()}`, [ev("Created")], { reserveKeys: [key] });
      expect(await store.lookupKey(key.scope, key.key)).not.toBeNull();
    });

    it("keeps a key the stream already held when a later append fails", async () => {
      const s = `test-${newId()}`;
      const key = { scope: "order:orderNumber", key: `N-${newId()}` };
      await store.append(s, [ev("Created")], { reserveKeys: [key] });
      await expect(
        store.append(s, [ev("Again")], { expectedVersion: "no_stream", reserveKeys: [key] }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.lookupKey(key.scope, key.key)).toBe(s);
    });

    it("stores the schema version in metadata, strips it on read and upcasts", async () => {
      const s = `test-${newId()}`;
      await store.append(s, [ev("Renamed", { name: "x" }, 1), ev("Other", { n: 1 }, 3)]);
      const [a, b] = await store.readStream(s);
      expect(a).toMatchObject({ type: "Renamed", schemaVersion: 2, data: { name: "x", v2: true } });
      expect(b).toMatchObject({ type: "Other", schemaVersion: 3, data: { n: 1 } });
      expect(a!.metadata).toEqual({ at: new Date(0).toISOString(), requestId: "r1" });
    });

    it("hides key streams from readAll and headPosition", async () => {
      const s = `test-${newId()}`;
      const key = { scope: "user:email", key: `${newId()}@example.com` };
      const r = await store.append(s, [ev("Registered")], { reserveKeys: [key] });
      await store.append(s, [ev("Closed")], { releaseKeys: [key] });
      const events = await store.readAll({ after: start, limit: 10_000 });
      expect(events.some((e) => e.streamId === keyStreamName(key.scope, key.key))).toBe(false);
      expect(events.some((e) => e.streamId.startsWith("keys-") || e.type.startsWith("$"))).toBe(false);
      expect(events.filter((e) => e.streamId === s).map((e) => e.type)).toEqual(["Registered", "Closed"]);
      const head = await store.headPosition();
      expect(head! > r.position).toBe(true);
      expect((await store.readStream(keyStreamName(key.scope, key.key))).map((e) => e.type)).toEqual([
        "KeyReserved",
        "KeyReleased",
      ]);
    });

    it("keeps version, position and globalPosition consistent between readStream and readAll", async () => {
      const s = `test-${newId()}`;
      const before = await store.headPosition();
      const r = await store.append(s, [ev("A"), ev("B")], { expectedVersion: "no_stream" });
      const fromStream = await store.readStream(s);
      const fromAll = (await store.readAll({ after: before, limit: 10_000 })).filter((e) => e.streamId === s);
      expect(fromAll).toEqual(fromStream);
      expect(fromStream.map((e) => e.version)).toEqual([1, 2]);
      expect(fromStream[1]!.position).toBe(r.position);
      expect(fromStream[0]!.globalPosition).toBeGreaterThan(0);
    });
  });
} else {
  describe.skip("EventStore contract: kurrentdb (set EVENTSTORE_URL to run)", () => {
    it("needs a KurrentDB server", () => undefined);
  });
}
