import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { replayRun } from "./index.ts";
import type { RecordedRun } from "./index.ts";

// replayRun on hand-made records: each kind of divergence, and refused answers given back as they were.
const dir = mkdtempSync(join(tmpdir(), "replay-"));
mkdirSync(join(dir, "components"));
writeFileSync(
  join(dir, "manifest.json"),
  JSON.stringify({ id: "rp", name: "Replay", components: [{ id: "c" }], ingresses: [] }),
);
const folder = (body: string) =>
  writeFileSync(
    join(dir, "components", "c.ts"),
    `export const parameters = {};\nexport default async (p: any, ctx: any) => {\n${body}\n};`,
  );
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sendCall = (to: string) => ({ name: "sendEmail", args: [{ to, subject: "hi" }] });
const record = (calls: RecordedRun["calls"]): RecordedRun => ({
  runId: "0190aaaa-0000-7000-8000-000000000001",
  appId: "rp",
  componentId: "c",
  appVersion: 1,
  trigger: "job",
  ingressId: null,
  jobId: null,
  outcome: "error",
  errorMessage: "x",
  at: "2026-11-29T10:00:00.000Z",
  durationMs: 1,
  input: { params: {}, request: null },
  calls,
  seed: "42",
  clock: [1_700_000_000_123.5],
  uuids: ["3b241101-e2bb-4255-8caf-4136c566a962"],
  logs: [],
  result: null,
  error: null,
  truncated: false,
});

describe("replayRun", () => {
  it("gives back a refused answer as it was (message, code, status), with the recorded clock and id", async () => {
    folder(`try { await ctx.sendEmail({ to: "a@example.com", subject: "hi" }); }
      catch (e) { return [e.message, e.code, e.status, Date.now(), crypto.randomUUID()]; }`);
    const run = await replayRun(dir, {
      ...record([
        {
          ...sendCall("a@example.com"),
          answer: { ok: false, error: { message: "no", code: "FORBIDDEN", status: 403 } },
        },
      ]),
    });
    expect(run).toMatchObject({
      ok: true,
      value: ["no", "FORBIDDEN", 403, 1_700_000_000_123, "3b241101-e2bb-4255-8caf-4136c566a962"],
      divergence: null,
    });
  });

  it("reports other arguments to the recorded function, and refuses that call", async () => {
    folder(`await ctx.sendEmail({ to: "b@example.com", subject: "hi" }); return "sent";`);
    const run = await replayRun(
      dir,
      record([{ ...sendCall("a@example.com"), answer: { ok: true, value: { sendings: [] } } }]),
    );
    expect(run.divergence).toEqual({
      kind: "arguments",
      index: 0,
      call: sendCall("b@example.com"),
      recorded: sendCall("a@example.com"),
    });
    expect(run.ok).toBe(false);
  });

  it("reports a recorded call the replay never made, and one more call than the record has", async () => {
    folder(`return "done";`);
    const missing = await replayRun(dir, record([{ ...sendCall("a@example.com"), answer: { ok: true } }]));
    expect(missing).toMatchObject({ ok: true, value: "done" });
    expect(missing.divergence).toEqual({ kind: "missing", index: 0, recorded: sendCall("a@example.com") });

    folder('const m = { to: "a@example.com", subject: "hi" }; await ctx.sendEmail(m); await ctx.sendEmail(m);');
    const extra = await replayRun(dir, record([{ ...sendCall("a@example.com"), answer: { ok: true } }]));
    expect(extra.divergence).toEqual({ kind: "unexpected", index: 1, call: sendCall("a@example.com"), recorded: null });
  });

  it("refuses a record too large to have been kept whole", async () => {
    await expect(replayRun(dir, { ...record([]), truncated: true })).rejects.toThrow(/cannot be replayed/);
  });
});
