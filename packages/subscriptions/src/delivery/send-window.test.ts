import { describe, expect, it } from "vitest";
import type { RecordedEvent } from "@platform/event-store";
import { sendWindow } from "./send-window.ts";

const ev = (n: number, stream: string): RecordedEvent =>
  ({
    id: `e${n}`,
    streamId: stream,
    type: "T",
    version: n,
    position: `p${String(n).padStart(2, "0")}`,
    globalPosition: n,
    schemaVersion: 1,
    data: {},
    metadata: { at: "" },
  }) as RecordedEvent;
const tick = () => new Promise((r) => setTimeout(r, 1));

describe("sendWindow", () => {
  it(
    "keeps each stream's events in order while streams go side by side, and reports the " + "delivered prefix",
    async () => {
      const events = [ev(1, "a"), ev(2, "b"), ev(3, "a"), ev(4, "c"), ev(5, "b")];
      const log: string[] = [];
      const prefixes: string[] = [];
      const r = await sendWindow(events, {
        width: () => 3,
        skip: async () => false,
        send: async (e) => {
          log.push(`start ${e.id}`);
          await tick();
          log.push(`end ${e.id}`);
          return true;
        },
        onPrefix: (p) => prefixes.push(p),
        isStopped: () => false,
      });
      expect(r).toEqual({ failed: undefined, ahead: [] });
      expect(log.indexOf("start e3")).toBeGreaterThan(log.indexOf("end e1"));
      expect(log.indexOf("start e5")).toBeGreaterThan(log.indexOf("end e2"));
      expect(log.indexOf("start e2")).toBeLessThan(log.indexOf("end e1"));
      expect(log.filter((x) => x.startsWith("end"))).toHaveLength(5);
      expect(prefixes.at(-1)).toBe("p05");
      expect([...prefixes].sort()).toEqual(prefixes);
    },
  );

  it(
    "stops at a failure: its stream's later events are not sent, nothing new starts, others in " +
      "flight finish and are reported ahead",
    async () => {
      const events = [ev(1, "a"), ev(2, "b"), ev(3, "a"), ev(4, "c"), ev(5, "d")];
      const sent: string[] = [];
      const prefixes: string[] = [];
      const r = await sendWindow(events, {
        width: () => 2,
        skip: async (e) => e.id === "e4",
        send: async (e) => {
          sent.push(e.id);
          await tick();
          return e.id !== "e1";
        },
        onPrefix: (p) => prefixes.push(p),
        isStopped: () => false,
      });
      expect(r.failed?.id).toBe("e1");
      expect(r.ahead.map((e) => e.id)).toEqual(["e2"]);
      expect(sent).toEqual(["e1", "e2"]);
      expect(prefixes).toEqual([]);
    },
  );

  it("sends one at a time with width 1, skipping what needs no POST", async () => {
    let inFlight = 0;
    let most = 0;
    const prefixes: string[] = [];
    const r = await sendWindow([ev(1, "a"), ev(2, "b"), ev(3, "c")], {
      width: () => 1,
      skip: async (e) => e.id === "e2",
      send: async () => {
        most = Math.max(most, ++inFlight);
        await tick();
        inFlight--;
        return true;
      },
      onPrefix: (p) => prefixes.push(p),
      isStopped: () => false,
    });
    expect(r.failed).toBeUndefined();
    expect(most).toBe(1);
    expect(prefixes.at(-1)).toBe("p03");
    expect([...prefixes].sort()).toEqual(prefixes);
  });
});
