import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";

// `platform apps dev` as a developer runs it: a fresh folder, the embedded engine, an edit while it runs.
const work = mkdtempSync(join(tmpdir(), "platform-dev-"));
const app = join(work, "loop");
const component = join(app, "components", "hello.ts");
afterAll(() => rmSync(work, { recursive: true, force: true }));

let lastRunId = "";
const call = (url: string) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":"Ada"}' }).then(
    async (r) => ((lastRunId = r.headers.get("x-run-id") ?? ""), [r.status, await r.json()] as const),
  );

/** `platform apps dev` on the folder: the bin itself (what npx runs), so the test's signals reach it, not npm. */
const startDev = () => {
  const bin = new URL("../node_modules/.bin/platform", import.meta.url).pathname;
  const dev = spawn(process.execPath, [bin, "apps", "dev", app, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  dev.stdout.on("data", (d: Buffer) => (out += d.toString()));
  dev.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => dev.once("exit", r));
  const waitFor = async (pattern: RegExp, ms: number) => {
    for (const until = Date.now() + ms; Date.now() < until; await sleep(50)) {
      const m = pattern.exec(out);
      if (m) return m;
    }
    throw new Error(`no ${pattern} in ${ms} ms:\n${out}`);
  };
  const ingress = async () => (await waitFor(/ {2}POST (http:\/\/\S+\/ingress\/loop\/hello) {2}public/, 30_000))[1]!;
  return { dev, out: () => out, exited, waitFor, ingress };
};

describe("platform apps dev", () => {
  it("serves the folder within 30 s, prints its log lines with their run, and serves an edit within 1 s", async () => {
    execFileSync("npx", ["platform", "apps", "init", app]);
    const { dev, out, exited, waitFor, ingress } = startDev();
    let url = "";
    try {
      // ingress() waits at most 30 s for the ingress's line: the bound for a fresh start.
      url = await ingress();
      expect(out()).toMatch(/^installed loop version 1 in \d+ ms$/m);
      expect(await call(url)).toEqual([200, { greeting: "Hello, Ada!" }]);
      const [, printed] = (await waitFor(/^\[hello ([0-9a-f-]{36})\] Hello, Ada!$/m, 5_000)) as RegExpMatchArray;
      expect(printed).toBe(lastRunId);

      writeFileSync(component, readFileSync(component, "utf8").replace("`Hello, ", "`Welcome, "));
      await sleep(1000);
      expect(await call(url)).toEqual([200, { greeting: "Welcome, Ada!" }]);
      expect(out()).toMatch(/^upgraded loop version 2 in \d+ ms$/m);

      // A folder that does not build is not installed; the last good one keeps serving.
      const good = readFileSync(component, "utf8");
      writeFileSync(component, "export const parameters = {;\n");
      await waitFor(
        /hello\.ts:1:28 Expected identifier but found ";"\nnot installed: fix the folder and save again/,
        5_000,
      );
      expect(await call(url)).toEqual([200, { greeting: "Welcome, Ada!" }]);
      writeFileSync(component, good);
      await waitFor(/^unchanged loop version 2 in \d+ ms$/m, 5_000);
    } finally {
      dev.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    // The service it started ended with it.
    await expect(call(url)).rejects.toThrow("fetch failed");
  });

  it("keeps the folder's data for the next start, and a dev killed outright takes its service with it", async () => {
    const { dev, exited, waitFor, ingress } = startDev();
    const url = await ingress();
    await waitFor(/^unchanged loop version 2 in \d+ ms$/m, 5_000);
    expect(await call(url)).toEqual([200, { greeting: "Welcome, Ada!" }]);
    dev.kill("SIGKILL");
    await exited;
    for (const until = Date.now() + 10_000; Date.now() < until; await sleep(100))
      if (
        await call(url).then(
          () => false,
          () => true,
        )
      )
        return;
    throw new Error("the service outlived its dev command");
  });
});
