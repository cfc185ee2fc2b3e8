import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@platform/kernel";
import type { EventStore, RecordedEvent } from "@platform/event-store";
import { createTestEventStore } from "@platform/event-store/testing";
import { createActorRuntime } from "./actor-runtime.ts";
import type { ActorRuntime } from "./actor-runtime.ts";
import { tallyActor } from "./testing/tally-actor.ts";

let store: EventStore;
let close: () => Promise<void>;
let runtime: ActorRuntime;
const journal: { actorId: string; events: RecordedEvent[] }[] = [];
const hooksSeen: string[] = [];
const who = { principalId: "p-1", requestId: "req-rules" };

beforeAll(async () => {
  ({ store, close } = await createTestEventStore());
  runtime = createActorRuntime({ store });
  runtime.register(tallyActor);
  runtime.addRule({
    name: "trace-before-create",
    actorType: "tally",
    hook: "beforeCreate",
    handle: (c) => void hooksSeen.push(`beforeCreate:${c.events.map((e) => e.type)}`),
  });
  runtime.addRule({
    name: "no-closing-big-tallies",
    actorType: "tally",
    hook: "beforeDelete",
    handle: (c) => {
      if ((c.state as { total: number }).total >= 1000) throw new DomainError("INVALID_STATE", "Big tallies stay open");
    },
  });
  runtime.addRule({
    name: "trace-after-delete",
    actorType: "tally",
    hook: "afterDelete",
    handle: (c) => void hooksSeen.push(`afterDelete:${(c.state as { deleted: boolean }).deleted}`),
  });
  runtime.addRule({
    name: "round-up-to-ten",
    actorType: "tally",
    hook: "commandsApplied",
    handle: (c) => {
      const total = (c.state as { total: number; name?: string }).total;
      const rounding = (c.state as { name?: string }).name?.startsWith("round") && total % 10 !== 0;
      return rounding ? [{ type: "add", amount: 10 - (total % 10) }] : [];
    },
  });
  runtime.addRule({
    name: "journal",
    actorType: "tally",
    hook: "journalWritten",
    handle: (c: { actorId: string; events: readonly RecordedEvent[] }) =>
      void journal.push({ actorId: c.actorId, events: [...c.events] }),
  });
});
afterAll(async () => {
  await close();
});

const open = async (name: string) => {
  const id = (await runtime.resolve("tally", "new"))!.id;
  await runtime.execute("tally", id, [{ type: "open", name }], who, { existence: "new" });
  return id;
};

describe("lifecycle rules", () => {
  it("calls beforeCreate with the creating events", async () => {
    await open("hooks");
    expect(hooksSeen).toContain("beforeCreate:TallyOpened");
  });

  it("lets a beforeDelete rule veto the batch, which then stores nothing", async () => {
    const id = await open("big");
    await runtime.execute("tally", id, [{ type: "add", amount: 1000 }], who);
    await expect(
      runtime.execute("tally", id, [{ type: "add", amount: 1 }, { type: "close" }], who),
    ).rejects.toMatchObject({ code: "INVALID_STATE", message: "Big tallies stay open" });
    expect((await store.readStream(`tally-${id}`)).map((e) => e.type)).toEqual(["TallyOpened", "TallyAdded"]);
    await expect(runtime.execute("tally", id, [{ type: "close" }], who, { batchErrors: true })).rejects.toMatchObject({
      code: "COMMAND_REJECTED",
      details: { commandIndex: 0, reason: "INVALID_STATE" },
    });
  });

  it("runs afterDelete with the deleted state", async () => {
    const id = await open("small");
    await runtime.execute("tally", id, [{ type: "close" }], who);
    expect(hooksSeen).toContain("afterDelete:true");
  });

  it("adds the commands a commandsApplied rule emits to the same atomic batch", async () => {
    const id = await open("round-me");
    const r = await runtime.execute(
      "tally",
      id,
      [
        { type: "add", amount: 3 },
        { type: "add", amount: 4 },
      ],
      who,
    );
    expect(r.events.map((e) => [e.type, e.data])).toEqual([
      ["TallyAdded", { amount: 3 }],
      ["TallyAdded", { amount: 4 }],
      ["TallyAdded", { amount: 3 }],
    ]);
    expect((await runtime.load("tally", id)).state).toMatchObject({ total: 10 });
  });

  it("tells journalWritten rules what was appended, with positions", async () => {
    const id = await open("journal");
    const mine = journal.filter((j) => j.actorId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.events.map((e) => [e.type, e.version])).toEqual([["TallyOpened", 1]]);
    expect(mine[0]!.events[0]!.metadata).toMatchObject({ requestId: "req-rules" });
  });
});
