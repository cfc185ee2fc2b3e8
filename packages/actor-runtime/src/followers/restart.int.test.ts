import { describe, expect, it } from "vitest";
import type { EventStore } from "@platform/event-store";
import { useTestEventStore } from "@platform/event-store/testing";
import { newId } from "@platform/kernel";
import { createFollowerRunner } from "./follower-runner.ts";
import { runtimeMigrations } from "./checkpoints.ts";

const EVENTS = 5000;

/** The store, counting the events it hands out (whole rows leaving the store). */
const counting = (store: EventStore) => {
  let events = 0;
  const counted: EventStore = {
    ...store,
    readAll: async (o) => {
      const r = await store.readAll(o);
      events += r.length;
      return r;
    },
    readPage: async (o) => {
      const r = await store.readPage(o);
      events += r.events.length;
      return r;
    },
  };
  return { store: counted, read: () => events };
};

describe("a restart with a long log", () => {
  const t = useTestEventStore([{ context: "runtime", migrations: runtimeMigrations }]);

  it("replays nothing: each follower goes on from its checkpoint, and its status reads no events", {
    timeout: 60_000,
  }, async () => {
    const applied = { seen: 0, other: 0 };
    const followersOn = (s: EventStore) => {
      const runner = createFollowerRunner({ db: t.db, store: s, pollMs: 50 });
      runner.addProjection({
        name: "seen",
        eventTypes: ["Seen"],
        reset: async () => undefined,
        apply: async (_t, events) => void (applied.seen += events.length),
      });
      runner.addProjection({
        name: "all",
        reset: async () => undefined,
        apply: async (_t, events) => void (applied.other += events.length),
      });
      runner.addReactor({ name: "react", eventTypes: ["Seen"], handle: async () => undefined });
      return runner;
    };
    const at = new Date().toISOString();
    let head = "";
    for (let i = 0; i < EVENTS / 100; i++)
      head = (
        await t.store.append(
          `s-${newId()}`,
          Array.from({ length: 100 }, (_, k) => ({ type: k % 2 ? "Seen" : "Other", data: { k }, metadata: { at } })),
        )
      ).position;
    const first = followersOn(t.store);
    first.start();
    expect(await first.waitFor(head, 30_000)).toBe(true);
    // The reactor's checkpoint too (waitFor is the projections' barrier): a busy machine may stop the runner before it
    // got there.
    await expect
      .poll(async () => (await first.status()).map((s) => [s.name, s.behind]), { timeout: 30_000 })
      .toEqual([
        ["projection:seen", 0],
        ["projection:all", 0],
        ["reactor:react", 0],
      ]);
    await first.stop();
    expect(applied).toEqual({ seen: EVENTS / 2, other: EVENTS });

    const c = counting(t.store);
    const second = followersOn(c.store);
    second.start();
    const last = await t.store.append(`s-${newId()}`, [{ type: "Seen", data: {}, metadata: { at } }]);
    expect(await second.waitFor(last.position, 10_000)).toBe(true);
    // The reactor too (waitFor is the projections' barrier); status itself reads no events.
    await expect
      .poll(async () => (await second.status()).map((s) => [s.name, s.behind]), { timeout: 10_000 })
      .toEqual([
        ["projection:seen", 0],
        ["projection:all", 0],
        ["reactor:react", 0],
      ]);
    // Only the event after the restart: at most once per follower (one read when they share it).
    expect(c.read()).toBeGreaterThanOrEqual(1);
    expect(c.read()).toBeLessThanOrEqual(3);
    expect(applied).toEqual({ seen: EVENTS / 2 + 1, other: EVENTS + 1 });
    await second.stop();
  });
});
