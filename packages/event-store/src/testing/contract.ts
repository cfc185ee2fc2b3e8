import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import type { EventStore } from "../event-store.ts";
import { KeyConflictError, WrongExpectedVersionError } from "../errors.ts";
import type { NewEvent, RecordedEvent } from "../types.ts";

export type EventStoreFactory = () => Promise<{ store: EventStore; dispose: () => Promise<void> }>;

const ev = (type: string, data: unknown = {}): NewEvent => ({
  type,
  data,
  metadata: { at: new Date(0).toISOString(), requestId: "r1" },
});

/**
 * The contract every EventStore adapter passes (Emmett's testAggregateStream idea):
 * call it from the adapter's test file with a factory for a fresh, empty store.
 */
export const eventStoreContract = (name: string, factory: EventStoreFactory) =>
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ store, dispose } = await factory());
    });
    afterAll(async () => dispose?.());

    const stream = () => `test-${newId()}`;

    it("appends a batch at consecutive versions and reads it back in order", async () => {
      const s = stream();
      const r = await store.append(s, [ev("A", { n: 1 }), ev("B", { n: 2 }), ev("C", { n: 3 })], {
        expectedVersion: "no_stream",
      });
      expect(r.nextExpectedVersion).toBe(3);
      const events = await store.readStream(s);
      expect(events.map((e) => [e.type, e.version, e.data])).toEqual([
        ["A", 1, { n: 1 }],
        ["B", 2, { n: 2 }],
        ["C", 3, { n: 3 }],
      ]);
      expect(events[2]!.position).toBe(r.position);
      expect(events[0]!.metadata).toEqual({ at: new Date(0).toISOString(), requestId: "r1" });
    });

    it("reads a range of versions", async () => {
      const s = stream();
      await store.append(s, [ev("A"), ev("B"), ev("C"), ev("D")]);
      const mid = await store.readStream(s, { fromVersion: 2, toVersion: 3 });
      expect(mid.map((e) => e.type)).toEqual(["B", "C"]);
      expect(await store.readStream(stream())).toEqual([]);
    });

    it("reads several streams' tails at once, each as readStream gives it, in the order asked", async () => {
      const [a, b, none] = [stream(), stream(), stream()];
      await store.append(a, [ev("A1"), ev("A2"), ev("A3")]);
      await store.append(b, [ev("B1")]);
      const tails = await store.readStreams([
        { streamId: b, fromVersion: 1 },
        { streamId: none, fromVersion: 1 },
        { streamId: a, fromVersion: 2 },
        { streamId: a, fromVersion: 4 },
        { streamId: a, fromVersion: 1 },
        { streamId: a, fromVersion: 1, toVersion: 2 },
        { streamId: a, fromVersion: 2, toVersion: 2 },
        { streamId: a, fromVersion: 3, toVersion: 2 },
      ]);
      expect(tails.map((t) => t.map((e) => e.type))).toEqual([
        ["B1"],
        [],
        ["A2", "A3"],
        [],
        ["A1", "A2", "A3"],
        ["A1", "A2"],
        ["A2"],
        [],
      ]);
      expect(tails[2]).toEqual(await store.readStream(a, { fromVersion: 2 }));
      expect(await store.readStreams([])).toEqual([]);
    });

    it("enforces every kind of expected version and writes nothing on a mismatch", async () => {
      const s = stream();
      await expect(store.append(s, [ev("A")], { expectedVersion: "exists" })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await expect(store.append(s, [ev("A")], { expectedVersion: 1 })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await store.append(s, [ev("A")], { expectedVersion: "no_stream" });
      await expect(store.append(s, [ev("B")], { expectedVersion: "no_stream" })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await expect(store.append(s, [ev("B")], { expectedVersion: 0 })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await expect(store.append(s, [ev("B")], { expectedVersion: 2 })).rejects.toMatchObject({ actual: 1 });
      await store.append(s, [ev("B")], { expectedVersion: "exists" });
      await store.append(s, [ev("C")], { expectedVersion: 2 });
      await store.append(s, [ev("D")], { expectedVersion: "any" });
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(["A", "B", "C", "D"]);
    });

    it("lets exactly one of many concurrent writers at the same version win", async () => {
      const s = stream();
      await store.append(s, [ev("A")]);
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => store.append(s, [ev(`W${i}`), ev(`W${i}b`)], { expectedVersion: 1 })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(s)).toHaveLength(3);
    });

    it("reserves natural keys atomically with the append", async () => {
      const a = stream();
      const b = stream();
      const key = { scope: "order:orderNumber", key: `N-${newId()}` };
      await store.append(a, [ev("Created")], { reserveKeys: [key] });
      expect(await store.lookupKey(key.scope, key.key)).toBe(a);
      await expect(store.append(b, [ev("Created")], { reserveKeys: [key] })).rejects.toBeInstanceOf(KeyConflictError);
      expect(await store.readStream(b)).toEqual([]);
      // Re-reserving a key the stream already holds is fine.
      await store.append(a, [ev("Touched")], { reserveKeys: [key] });
      // Released in one append, it is free for another stream.
      await store.append(a, [ev("Renamed")], { releaseKeys: [key] });
      expect(await store.lookupKey(key.scope, key.key)).toBeNull();
      await store.append(b, [ev("Created")], { reserveKeys: [key] });
      expect(await store.lookupKey(key.scope, key.key)).toBe(b);
    });

    it("appends to several streams all or none (appendAll, where the store has it)", async () => {
      if (!store.appendAll) return;
      const [a, b, held, c] = [stream(), stream(), stream(), stream()];
      const key = { scope: "test:all", key: newId() };
      const done = await store.appendAll([
        { streamId: a, events: [ev("A1"), ev("A2")], options: { expectedVersion: "no_stream" } },
        { streamId: b, events: [ev("B1")], options: { expectedVersion: "no_stream", reserveKeys: [key] } },
      ]);
      expect(done.map((r) => r.nextExpectedVersion)).toEqual([2, 1]);
      expect((await store.readStream(b))[0]!.position).toBe(done[1]!.position);
      await store.append(held, [ev("H")]);
      // A key another stream holds, or a wrong version, refuses the whole call: nothing of c is written.
      await expect(
        store.appendAll([
          { streamId: c, events: [ev("C1")], options: { expectedVersion: "no_stream" } },
          { streamId: stream(), events: [ev("D1")], options: { reserveKeys: [key] } },
        ]),
      ).rejects.toBeInstanceOf(KeyConflictError);
      await expect(
        store.appendAll([
          { streamId: c, events: [ev("C1")], options: { expectedVersion: "no_stream" } },
          { streamId: held, events: [ev("H2")], options: { expectedVersion: "no_stream" } },
        ]),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(c)).toEqual([]);
      expect((await store.readStream(held)).map((e) => e.type)).toEqual(["H"]);
    });

    it("gives each of many concurrent appends to different streams its own outcome", async () => {
      const held = { scope: "order:orderNumber", key: `H-${newId()}` };
      const holder = stream();
      await store.append(holder, [ev("Created")], { reserveKeys: [held] });
      const existing = stream();
      await store.append(existing, [ev("A")]);
      const fresh = Array.from({ length: 6 }, () => stream());
      const contested = { scope: "order:orderNumber", key: `C-${newId()}` };
      const [rivalA, rivalB, thief] = [stream(), stream(), stream()];
      const results = await Promise.allSettled([
        ...fresh.map((s, i) =>
          store.append(s, [ev("Created", { i }), ev("Touched", { i })], { expectedVersion: "no_stream" }),
        ),
        store.append(existing, [ev("B")], { expectedVersion: 5 }),
        store.append(thief, [ev("Created")], { expectedVersion: "no_stream", reserveKeys: [held] }),
        store.append(rivalA, [ev("Created")], { expectedVersion: "no_stream", reserveKeys: [contested] }),
        store.append(rivalB, [ev("Created")], { expectedVersion: "no_stream", reserveKeys: [contested] }),
      ]);
      const ok = results.slice(0, 6);
      for (const [i, r] of ok.entries()) {
        expect(r.status).toBe("fulfilled");
        const events = await store.readStream(fresh[i]!);
        expect(events.map((e) => [e.type, e.version, e.data])).toEqual([
          ["Created", 1, { i }],
          ["Touched", 2, { i }],
        ]);
        expect((r as PromiseFulfilledResult<{ nextExpectedVersion: number; position: string }>).value).toEqual({
          nextExpectedVersion: 2,
          position: events[1]!.position,
        });
      }
      expect(results[6]).toMatchObject({ status: "rejected", reason: expect.any(WrongExpectedVersionError) });
      expect((await store.readStream(existing)).map((e) => e.type)).toEqual(["A"]);
      expect(results[7]).toMatchObject({ status: "rejected", reason: expect.any(KeyConflictError) });
      expect(await store.readStream(thief)).toEqual([]);
      expect(await store.lookupKey(held.scope, held.key)).toBe(holder);
      const rivals = [results[8]!, results[9]!];
      expect(rivals.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const loser = rivals.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(loser.reason).toBeInstanceOf(KeyConflictError);
      const winner = rivals[0]!.status === "fulfilled" ? rivalA : rivalB;
      expect(await store.lookupKey(contested.scope, contested.key)).toBe(winner);
      expect(await store.readStream(winner === rivalA ? rivalB : rivalA)).toEqual([]);
    });

    it("reads the global log in order after a position, in pages, without repeats", async () => {
      const start = await store.headPosition();
      const s1 = stream();
      const s2 = stream();
      await store.append(s1, [ev("X1"), ev("X2")]);
      await store.append(s2, [ev("Y1")]);
      await store.append(s1, [ev("X3")]);
      const seen: string[] = [];
      let after = start;
      // The log shows an event once every transaction older than it has ended; on a shared
      // server another test's open transaction can delay that, so read on as a follower would.
      const deadline = Date.now() + 20_000;
      while (seen.length < 4 && Date.now() < deadline) {
        const page = await store.readAll({ after, limit: 2 });
        if (page.length === 0) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        for (const e of page) if (e.streamId === s1 || e.streamId === s2) seen.push(e.type);
        for (let i = 1; i < page.length; i++) expect(page[i]!.position > page[i - 1]!.position).toBe(true);
        after = page.at(-1)!.position;
      }
      expect(seen).toEqual(["X1", "X2", "Y1", "X3"]);
      expect(await store.readAll({ after, limit: 2 })).toEqual([]);
    });

    it(
      "reads a page for a reader of some types: only those, with where the page ends and whether " + "it was full",
      async () => {
        const start = await store.headPosition();
        const t = (name: string) => `${name}-${newId().slice(-6)}`;
        const [a, b, c] = [t("A"), t("B"), t("C")];
        await store.append(stream(), [ev(a), ev(b), ev(a), ev(c)]);
        // Wait until the four are visible (see above), then read the same page several ways.
        let full: RecordedEvent[] = [];
        for (const deadline = Date.now() + 20_000; full.length < 4 && Date.now() < deadline; ) {
          full = await store.readAll({ after: start, limit: 4 });
          if (full.length < 4) await new Promise((r) => setTimeout(r, 20));
        }
        expect(full.map((e) => e.type)).toEqual([a, b, a, c]);
        const page = async (limit: number, types?: string[]) => {
          const p = await store.readPage({ after: start, limit, ...(types ? { types } : {}) });
          return { events: p.events.map((e) => e.position), end: p.end, full: p.full, scanned: p.scanned };
        };
        const at = (...i: number[]) => i.map((k) => full[k]!.position);
        expect(await page(4, [a])).toEqual({ events: at(0, 2), end: full[3]!.position, full: true, scanned: 4 });
        expect(await page(2, [c])).toEqual({ events: [], end: full[1]!.position, full: true, scanned: 2 });
        expect(await page(10, [b, c])).toEqual({ events: at(1, 3), end: full[3]!.position, full: false, scanned: 4 });
        expect(await page(3)).toEqual({ events: at(0, 1, 2), end: full[2]!.position, full: true, scanned: 3 });
        // No type wanted: where the page ends and how many it covered (how far a reader is behind).
        expect(await page(10, [])).toEqual({ events: [], end: full[3]!.position, full: false, scanned: 4 });
        expect(await page(3, [])).toEqual({ events: [], end: full[2]!.position, full: true, scanned: 3 });
        expect(await store.readPage({ after: full[3]!.position, limit: 4, types: [a] })).toEqual({
          events: [],
          end: null,
          full: false,
          scanned: 0,
        });
        expect((await store.readPage({ after: start, limit: 4, types: [a] })).events).toEqual([full[0], full[2]]);
      },
    );

    it("signals subscribers after an append", async () => {
      let calls = 0;
      const off = store.subscribe(() => calls++);
      await store.append(stream(), [ev("A")]);
      await expect.poll(() => calls, { timeout: 5000 }).toBeGreaterThan(0);
      off();
    });
  });
