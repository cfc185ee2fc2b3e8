import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventStore } from "@platform/event-store";
import type { ActorRuntime } from "./actor-runtime.ts";
import { openTallyIn, startTallyRuntime, who } from "./actor-runtime-fixture.ts";
import type { TallyRuntime } from "./actor-runtime-fixture.ts";
import { sendMessages } from "./send-messages.ts";

let f: TallyRuntime;
let store: EventStore;
let runtime: ActorRuntime;

beforeAll(async () => {
  f = await startTallyRuntime();
  ({ store, runtime } = f);
});
afterAll(() => f?.close());

const openTally = (name: string, add: number[] = []) => openTallyIn(runtime, name, add);

describe("actor runtime", () => {
  it("creates an actor through a virtual id and answers with its identifiers and state", async () => {
    const r = await openTally("first", [1, 2]);
    expect(r.results).toEqual([
      {
        type: "open",
        ok: true,
        events: [
          { type: "TallyOpened", version: 1 },
          { type: "TallyAdded", version: 2 },
          { type: "TallyAdded", version: 3 },
        ],
      },
    ]);
    expect(r.actor.identifiers).toEqual({ tallyId: r.actor.id, name: "first" });
    expect(r.state).toMatchObject({ total: 3, name: "first" });
    expect(await runtime.resolve("tally", "first")).toEqual({ id: r.actor.id, virtual: false });
  });

  it("stores the command's metadata on every event", async () => {
    const r = await openTally("meta");
    const [e] = await store.readStream(`tally-${r.actor.id}`);
    expect(e!.metadata).toMatchObject({ principalId: "p-1", requestId: "req-1", correlationId: "req-1" });
    expect(Date.parse(e!.metadata.at)).not.toBeNaN();
  });

  it("rejects a whole batch when one command fails and appends nothing", async () => {
    const r = await openTally("atomic", [5]);
    const out = await sendMessages(runtime, "tally", r.actor.id, [{ type: "add", body: { amounts: [1, -1, 2] } }], who);
    expect(out.results[0]).toMatchObject({
      ok: false,
      error: { code: "COMMAND_REJECTED", details: { commandIndex: 1, command: "add", reason: "VALIDATION_FAILED" } },
    });
    expect((await store.readStream(`tally-${r.actor.id}`)).length).toBe(2);
    expect(out.state).toMatchObject({ total: 5 });
  });

  it("processes several messages separately and in order, a failure not stopping the rest", async () => {
    const r = await openTally("multi");
    const out = await sendMessages(
      runtime,
      "tally",
      r.actor.id,
      [
        { type: "add", body: { amounts: [1] } },
        { type: "add", body: { amounts: [0] } },
        { type: "nope", body: {} },
        { type: "add", body: { amounts: ["x"] } },
        { type: "add", body: { amounts: [10] } },
      ],
      who,
    );
    expect(out.results.map((x) => x.ok)).toEqual([true, false, false, false, true]);
    expect(out.results[2]).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    expect(out.results[3]).toMatchObject({
      error: { code: "VALIDATION_FAILED", details: [{ path: "body.amounts.0" }] },
    });
    expect(out.state).toMatchObject({ total: 11 });
    expect(out.actor.version).toBe(3);
  });

  it("previews a chain of messages and stores nothing", async () => {
    const r = await openTally("preview", [1]);
    const out = await sendMessages(
      runtime,
      "tally",
      r.actor.id,
      [
        { type: "add", body: { amounts: [2] } },
        { type: "add", body: { amounts: [3] } },
      ],
      who,
      { preview: true },
    );
    expect(out.preview).toBe(true);
    expect(out.state).toMatchObject({ total: 6 });
    expect(out.results).toMatchObject([
      { ok: true, events: [{ version: 3 }] },
      { ok: true, events: [{ version: 4 }] },
    ]);
    expect((await store.readStream(`tally-${r.actor.id}`)).length).toBe(2);
    const target = await runtime.resolve("tally", "new");
    const created = await sendMessages(runtime, "tally", target!.id, [{ type: "open", body: { name: "ghost" } }], who, {
      preview: true,
    });
    expect(created.exists).toBe(true);
    expect(await runtime.resolve("tally", "ghost")).toBeNull();
    expect(await store.readStream(`tally-${target!.id}`)).toEqual([]);
  });

  it("runs lifecycle rules inside the same atomic batch", async () => {
    const r = await openTally("bonus-1", [1]);
    expect(r.state).toMatchObject({ total: 101 });
    expect(r.results[0]).toMatchObject({
      events: [{ type: "TallyOpened" }, { type: "TallyAdded" }, { type: "TallyAdded" }],
    });
  });
});
