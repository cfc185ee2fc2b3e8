import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunResult, Sandbox, Tape } from "./index.ts";
import { createSandbox } from "./testing.ts";

const component = (body: string) =>
  `export const parameters = {};\nexport default async function run(params, ctx) {\n${body}\n}\n`;

const valueOf = <T>(result: RunResult): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value as T;
};

/** Everything a run may read of the world beside its input: three draws, three clock readings, an id. */
const worldly = component(`
  const drawn = [Math.random(), Math.random(), Math.random()];
  const at = Date.now();
  const iso = new Date().toISOString();
  const elapsed = performance.now();
  const id = crypto.randomUUID();
  await ctx.wait();
  return { drawn, at, iso, elapsed, id, after: Date.now() };
`);

describe.each([true, false])("a run's tape (snapshots: %s)", (snapshots) => {
  let sandbox: Sandbox;
  beforeAll(() => {
    sandbox = createSandbox({ workers: 2, snapshots });
  });
  afterAll(() => sandbox.dispose());

  const record = async (source: string, replay?: Tape) => {
    const c = await sandbox.compile(source);
    let tape: Tape | undefined;
    const result = await c.run(
      {},
      { wait: async () => new Promise((r) => setTimeout(() => r(null), 5)) },
      {
        onTape: (t) => {
          tape = t;
        },
        ...(replay ? { replay } : {}),
      },
    );
    return { result, tape: tape! };
  };

  it("holds the seed, every clock reading and every id, in order", async () => {
    const { result, tape } = await record(worldly);
    const value = valueOf<Record<string, unknown>>(result);
    expect(tape.seed).toMatch(/^[1-9][0-9]*$/);
    expect(tape.uuids).toEqual([value.id]);
    expect(tape.clock).toHaveLength(4);
    expect(Math.floor(tape.clock[0]!)).toBe(value.at);
    expect(new Date(Math.floor(tape.clock[1]!)).toISOString()).toBe(value.iso);
    expect(tape.clock[3]! - tape.clock[0]!).toBeGreaterThanOrEqual(4);
    expect(Math.floor(tape.clock[3]!)).toBe(value.after);
  });

  it("replayed, the run reads exactly what it read, though later and elsewhere", async () => {
    const first = await record(worldly);
    await new Promise((r) => setTimeout(r, 20));
    const again = await record(worldly, first.tape);
    expect(again.result).toEqual(first.result);
    expect(again.tape).toEqual(first.tape);
    const fresh = await record(worldly);
    expect(valueOf<{ drawn: number[] }>(fresh.result).drawn).not.toEqual(
      valueOf<{ drawn: number[] }>(first.result).drawn,
    );
  });

  it("a replay whose readings run out goes on with the live clock and fresh ids", async () => {
    const { result, tape } = await record(worldly, { seed: "12345", clock: [1_000], uuids: [] });
    const value = valueOf<{ at: number; iso: string; id: string }>(result);
    expect(tape.seed).toBe("12345");
    expect(value.at).toBe(1_000);
    expect(Date.parse(value.iso)).toBeGreaterThan(Date.now() - 60_000);
    expect(value.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("Date stays Date: its prototype, statics, calls and subclasses", async () => {
    const c = await sandbox.compile(
      component(`
        class Day extends Date { day() { return this.getUTCDate(); } }
        return [
          Date.name, Date.length, typeof Date(), new Date(0).toISOString(), Date.UTC(2020, 0, 2),
          Date.parse("2020-01-02T00:00:00Z"), new Date() instanceof Date, Date.prototype.constructor === Date,
          new Day(Date.UTC(2020, 0, 5)).day(), new Day() instanceof Date, Object.keys(Date).length,
          new Date(2020, 0, 1, 12).getHours(), typeof Date.now(), typeof performance.now(),
        ];
      `),
    );
    expect(await c.run({})).toEqual({
      ok: true,
      value: [
        "Date",
        7,
        "string",
        "1970-01-01T00:00:00.000Z",
        1577923200000,
        1577923200000,
        true,
        true,
        5,
        true,
        0,
        12,
        "number",
        "number",
      ],
    });
  });
});
