import { describe, expect, it } from "vitest";
import type { EventStore, LogPage } from "@platform/event-store";
import { useTestEventStore } from "@platform/event-store/testing";
import { newId } from "@platform/kernel";
import { createFollowerRunner } from "./follower-runner.ts";
import { runtimeMigrations } from "./checkpoints.ts";

/**
 * A reactor with `settleMs`: after a page it handled, the appends of the pause come in one
 * page, and none is lost. A short fallback poll: on a server shared with other tests, an open
 * transaction elsewhere may hide an append for longer than a follower keeps looking after a
 * wake-up.
 */
describe("a reactor that settles between pages", () => {
  const t = useTestEventStore([{ context: "runtime", migrations: runtimeMigrations }]);

  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((r) => setTimeout(r, 10));
  };
  const append = async (type: string) => {
    const id = newId();
    await t.store.append(`s-${newId()}`, [{ id, type, data: {}, metadata: { at: new Date().toISOString() } }]);
    return id;
  };

  it("reads once after the pause what was appended during it, in order", async () => {
    // The pages it read that held its events, as lists of event ids.
    const pages: string[][] = [];
    const counted: EventStore = {
      ...t.store,
      readPage: async (q) => {
        const page: LogPage = await t.store.readPage(q);
        const mine = page.events.filter((e) => e.type === "Settled").map((e) => e.id);
        if (mine.length > 0) pages.push(mine);
        return page;
      },
    };
    const handled: string[] = [];
    const runner = createFollowerRunner({ db: t.db, store: counted, pollMs: 250 });
    runner.addReactor({
      name: "settling",
      eventTypes: ["Settled"],
      settleMs: 1500,
      handle: async (e) => void handled.push(e.id),
    });
    runner.start();
    try {
      const first = await append("Settled");
      await until(() => handled.length === 1);
      const rest: string[] = [];
      for (let i = 0; i < 5; i++) rest.push(await append("Settled"));
      await until(() => handled.length === 6);
      expect(handled).toEqual([first, ...rest]);
      expect(pages[0]).toEqual([first]);
      expect(pages.slice(1).flat()).toEqual(rest);
      // One page in the normal case; more only when an open transaction elsewhere on the server
      // kept some of them hidden at the read after the pause. Without the pause: one each.
      expect(pages.length).toBeLessThan(1 + rest.length);
    } finally {
      await runner.stop();
    }
  });

  it("stops at once during a pause", async () => {
    const handled: string[] = [];
    const runner = createFollowerRunner({ db: t.db, store: t.store, pollMs: 250 });
    runner.addReactor({
      name: "settling-long",
      eventTypes: ["Long"],
      settleMs: 3_600_000,
      handle: async (e) => void handled.push(e.id),
    });
    runner.start();
    await append("Long");
    // Stopped as soon as it handled the event: before or after it starts its pause.
    await until(() => handled.length === 1);
    // Within the test's timeout, far shorter than the hour's pause: the stop ended it.
    await runner.stop();
    expect(handled).toHaveLength(1);
  });
  it("a stop asked while it handles a batch does not wait out the pause after it", async () => {
    let stopping: Promise<void> | undefined;
    const runner = createFollowerRunner({ db: t.db, store: t.store, pollMs: 250 });
    runner.addReactor({
      name: "settling-stopped",
      eventTypes: ["Stopped"],
      settleMs: 3_600_000,
      handle: async () => void (stopping ??= runner.stop()),
    });
    runner.start();
    await append("Stopped");
    await until(() => stopping !== undefined);
    // Within the test's timeout, far shorter than the hour's pause.
    await stopping;
  });
});
