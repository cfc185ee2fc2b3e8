import { describe, expect, it } from "vitest";
import { createGroupCommit } from "./group-commit.ts";

/** A commit whose groups are recorded and end only when the test says so. */
const recorder = () => {
  const groups: number[][] = [];
  const ends: (() => void)[] = [];
  const commit = (group: readonly number[]) => {
    groups.push([...group]);
    return new Promise<void>((resolve) => ends.push(resolve));
  };
  /** Ends the oldest group still being committed and lets the next go. */
  const endOne = async () => {
    ends.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { groups, commit, endOne };
};
const turn = () => new Promise((r) => setImmediate(r));

describe("group commit", () => {
  it("commits a quiet store's append in the next turn, with the rest of that turn's appends", async () => {
    const r = recorder();
    const g = createGroupCommit({ commit: r.commit, maxGroup: 64, maxInFlight: 1 });
    g.add(1);
    g.add(2);
    expect(r.groups).toEqual([]);
    await turn();
    expect(r.groups).toEqual([[1, 2]]);
  });

  it("gathers what is asked while a group commits into one group, sent when it ends", async () => {
    const r = recorder();
    const g = createGroupCommit({ commit: r.commit, maxGroup: 64, maxInFlight: 1 });
    g.add(1);
    await turn();
    for (const i of [2, 3]) g.add(i);
    await turn();
    g.add(4);
    await turn();
    expect(r.groups).toEqual([[1]]);
    await r.endOne();
    expect(r.groups).toEqual([[1], [2, 3, 4]]);
    await r.endOne();
    g.add(5);
    await turn();
    expect(r.groups).toEqual([[1], [2, 3, 4], [5]]);
  });

  it("splits at maxGroup and keeps at most maxInFlight groups committing", async () => {
    const r = recorder();
    const g = createGroupCommit({ commit: r.commit, maxGroup: 2, maxInFlight: 2 });
    for (const i of [1, 2, 3, 4, 5, 6, 7]) g.add(i);
    await turn();
    expect(r.groups).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await r.endOne();
    expect(r.groups).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    await r.endOne();
    await r.endOne();
    expect(r.groups).toEqual([[1, 2], [3, 4], [5, 6], [7]]);
  });

  it("lets a full group go beside the one committing, up to maxFullInFlight; a part-filled one waits", async () => {
    const r = recorder();
    const g = createGroupCommit({ commit: r.commit, maxGroup: 2, maxInFlight: 1, maxFullInFlight: 2 });
    g.add(1);
    await turn();
    g.add(2);
    await turn();
    expect(r.groups).toEqual([[1]]);
    for (const i of [3, 4, 5, 6, 7]) g.add(i);
    await turn();
    expect(r.groups).toEqual([[1], [2, 3]]);
    await r.endOne();
    expect(r.groups).toEqual([[1], [2, 3], [4, 5]]);
    await r.endOne();
    await r.endOne();
    expect(r.groups).toEqual([[1], [2, 3], [4, 5], [6, 7]]);
  });
});
