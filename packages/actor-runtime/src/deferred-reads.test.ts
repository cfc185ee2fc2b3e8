import { describe, expect, it } from "vitest";
import { createReadDeferral } from "./deferred-reads.ts";

describe("deferred reads", () => {
  const recording = () => {
    const waited: string[] = [];
    const deferral = createReadDeferral(async (position, types) => void waited.push(`${position}:${types.join(",")}`));
    return { waited, deferral };
  };

  it("waits after each append outside a scope, and only when asked inside one, for every append noted", async () => {
    const { waited, deferral } = recording();
    await deferral.afterAppend!("1", ["A"]);
    expect(waited).toEqual(["1:A"]);
    const reads = deferral.deferReads();
    await reads.during(async () => {
      await deferral.afterAppend!("2", ["B"]);
      await new Promise((r) => setTimeout(r, 1));
      await deferral.afterAppend!("3", ["C", "D"]);
    });
    expect(waited).toEqual(["1:A"]);
    await reads.caughtUp();
    expect(waited).toEqual(["1:A", "2:B", "3:C,D"]);
    // Each is waited for once.
    await reads.caughtUp();
    expect(waited).toHaveLength(3);
  });

  it("keeps scopes apart: one run's appends are not another's, and code beside a scope still waits", async () => {
    const { waited, deferral } = recording();
    const first = deferral.deferReads();
    const second = deferral.deferReads();
    await Promise.all([
      first.during(() => deferral.afterAppend!("1", ["A"])),
      second.during(() => deferral.afterAppend!("2", ["B"])),
      deferral.afterAppend!("3", ["C"]),
    ]);
    expect(waited).toEqual(["3:C"]);
    await second.caughtUp();
    expect(waited).toEqual(["3:C", "2:B"]);
    await first.caughtUp();
    expect(waited).toEqual(["3:C", "2:B", "1:A"]);
  });
});
