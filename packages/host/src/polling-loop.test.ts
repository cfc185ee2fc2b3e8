import { describe, expect, it } from "vitest";
import { pollingLoop } from "./polling-loop.ts";

/** A stand-in for the database's LISTEN: `notify()` calls the listener. */
const fakeDb = () => {
  let listener: (() => void) | undefined;
  let listening = false;
  return {
    db: {
      listen: async (_channel: string, on: (payload: string) => void) => {
        listener = () => on("");
        listening = true;
        return async () => void (listening = false);
      },
    },
    notify: () => listener?.(),
    listening: () => listening,
  };
};

describe("pollingLoop", () => {
  it(
    "passes at start, when woken here or by a NOTIFY, and every interval; never two at once; " +
      "stops after the pass under way",
    async () => {
      const f = fakeDb();
      let passes = 0;
      let inPass = 0;
      let most = 0;
      const loop = pollingLoop({
        db: f.db,
        channel: "c",
        intervalMs: 60_000,
        onError: () => undefined,
        pass: async () => {
          passes++;
          most = Math.max(most, ++inPass);
          await new Promise((r) => setTimeout(r, 10));
          inPass--;
        },
      });
      loop.start();
      await expect.poll(() => passes).toBe(1);
      loop.wake();
      await expect.poll(() => passes).toBe(2);
      await expect.poll(() => f.listening()).toBe(true);
      f.notify();
      f.notify();
      await expect.poll(() => passes).toBeGreaterThanOrEqual(3);
      await loop.stop();
      const after = passes;
      loop.wake();
      await new Promise((r) => setTimeout(r, 30));
      expect(passes).toBe(after);
      expect(most).toBe(1);
      expect(f.listening()).toBe(false);
      expect(loop.isRunning()).toBe(false);
    },
  );

  it("goes on after a pass that throws, reporting it", async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const loop = pollingLoop({
      db: fakeDb().db,
      channel: "c",
      intervalMs: 5,
      onError: (e) => errors.push(e),
      pass: async () => {
        if (++passes === 1) throw new Error("first");
      },
    });
    loop.start();
    await expect.poll(() => passes).toBeGreaterThanOrEqual(3);
    await loop.stop();
    expect(errors.map((e) => (e as Error).message)).toEqual(["first"]);
  });
});
