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
  it("keeps natural keys unique and moves them on rename", async () => {
    const a = await openTally("key-a");
    const b = await openTally("key-a");
    expect(b.results[0]).toMatchObject({ ok: false });
    expect(await store.readStream(`tally-${b.actor.id}`)).toEqual([]);
    await sendMessages(runtime, "tally", a.actor.id, [{ type: "rename", body: { name: "key-b" } }], who);
    expect(await runtime.resolve("tally", "key-a")).toBeNull();
    expect((await runtime.resolve("tally", "key-b"))!.id).toBe(a.actor.id);
  });

  it("reserves each value of a key with several, and releases only the values a change drops", async () => {
    const open = async (name: string) =>
      runtime.execute("multi", (await runtime.resolve("multi", "new"))!.id, [{ type: "open", name }], who, {
        existence: "new",
      });
    const a = await open("x1,x2");
    await expect(open("x3,x2")).rejects.toMatchObject({ code: "CONFLICT", message: "part 'x2' is already in use" });
    expect(await runtime.resolve("multi", "x3")).toBeNull();
    await runtime.execute("multi", a.id, [{ type: "rename", name: "x2,x4" }], who);
    expect(await runtime.resolve("multi", "x1")).toBeNull();
    expect((await runtime.resolve("multi", "x2"))!.id).toBe(a.id);
    expect((await runtime.resolve("multi", "x4"))!.id).toBe(a.id);
    const b = await open("x1,x3");
    expect((await runtime.resolve("multi", "x1"))!.id).toBe(b.id);
    await runtime.execute("multi", a.id, [{ type: "close" }], who);
    expect(await runtime.resolve("multi", "x2")).toBeNull();
  });
});
