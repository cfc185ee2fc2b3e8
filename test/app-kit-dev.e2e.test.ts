import { spawn } from "node:child_process";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";

// `platform apps dev` as a developer runs it: a fresh folder, the embedded engine, an edit while it runs.
const work = mkdtempSync(join(tmpdir(), "platform-dev-"));
const app = join(work, "loop");
afterAll(() => rmSync(work, { recursive: true, force: true }));

const call = (url: string) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":"Ada"}' }).then(
    async (r) => [r.status, await r.json()] as const,
  );

describe("platform apps dev", () => {
  it("serves the folder within 30 s, prints its log lines with their run, and serves an edit within 1 s", async () => {
    execFileSync("npx", ["platform", "apps", "init", app]);
    const started = Date.now();
    // The bin itself (what npx runs), so that the test's SIGTERM reaches it rather than npm.
    const bin = new URL("../node_modules/.bin/platform", import.meta.url).pathname;
    const dev = spawn(process.execPath, [bin, "apps", "dev", app, "--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    dev.stdout.on("data", (d: Buffer) => (out += d.toString()));
    dev.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => dev.once("exit", r));
    let url = "";
    try {
      const waitFor = async (pattern: RegExp, ms: number) => {
        for (const until = Date.now() + ms; Date.now() < until; await sleep(50)) {
          const m = pattern.exec(out);
          if (m) return m;
        }
        throw new Error(`no ${pattern} in ${ms} ms:\n${out}`);
      };
      url = (await waitFor(/ {2}POST (http:\/\/\S+\/ingress\/loop\/hello) {2}public/, 30_000))[1]!;
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(out).toMatch(/^installed loop version 1 in \d+ ms$/m);
      expect(await call(url)).toEqual([200, { greeting: "Hello, Ada!" }]);
      await waitFor(/^\[hello [0-9a-f-]{36}\] Hello, Ada!$/m, 5_000);

      const component = join(app, "components", "hello.ts");
      writeFileSync(component, readFileSync(component, "utf8").replace("`Hello, ", "`Welcome, "));
      await sleep(1000);
      expect(await call(url)).toEqual([200, { greeting: "Welcome, Ada!" }]);
      expect(out).toMatch(/^upgraded loop version 2 in \d+ ms$/m);

      // A folder that does not build is not installed; the last good one keeps serving.
      writeFileSync(component, "export const parameters = {;\n");
      await waitFor(
        /components\/hello\.ts:1:28 Expected identifier but found ";"\nnot installed: fix the folder and save again/,
        5_000,
      );
      expect(await call(url)).toEqual([200, { greeting: "Welcome, Ada!" }]);
    } finally {
      dev.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    // The service it started ended with it.
    await expect(call(url)).rejects.toThrow("fetch failed");
  });
});
