import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { platformCommand } from "../testing.ts";

// The command as a developer runs it in a clone: `npx platform …` from the repository root.
const root = new URL("../../../..", import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), "platform-cli-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const platform = (...args: string[]) => platformCommand(args, { cwd: root });

// Each test starts the CLI two to four times (each a Node process with esbuild and TypeScript, `test` a vitest run of
// its own): up to a minute on a loaded two-core machine, where the default 30 s timed out.
describe("platform apps", { timeout: 120_000 }, () => {
  const app = join(work, "shop-2");

  it("init writes an app that check and test pass unchanged", async () => {
    const init = await platform("apps", "init", app);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain(`wrote ${app}/components/hello.ts`);
    expect(JSON.parse(readFileSync(join(app, "manifest.json"), "utf8")).id).toBe("shop-2");
    const check = await platform("apps", "check", app);
    expect([check.code, check.stderr]).toEqual([0, ""]);
    expect(check.stdout).toBe(
      `app shop-2 in ${app}: the manifest, its components and their types are as the service requires\n`,
    );
    const test = await platform("apps", "test", app);
    expect(test.code).toBe(0);
    expect(test.stdout).toMatch(/Tests\s+.*2 passed/);
    expect((await platform("apps", "init", app)).code).toBe(1);
  });

  it("check names each problem by file:line:column, and exits 1", async () => {
    const component = join(app, "components", "hello.ts");
    const source = readFileSync(component, "utf8");
    writeFileSync(
      component,
      source
        .replace(
          "  console.log(greeting);",
          '  await ctx.messageActor("order", "new", [{ type: "nosuch" }]);\n  console.log(greeting);',
        )
        .replace("async (params) =>", "async (params, ctx) =>"),
    );
    const manifest = readFileSync(join(app, "manifest.json"), "utf8");
    writeFileSync(join(app, "manifest.json"), manifest.replace('"route": "shop-2/hello"', '"route": "shop 2"'));
    const check = await platform("apps", "check", app);
    expect(check.code).toBe(1);
    const lines = check.stderr.trim().split("\n");
    expect(lines[0]).toBe(
      `${app}/manifest.json:17:18 manifest.ingresses[0].properties.route ` +
        "must be path segments of A-Z a-z 0-9 . _ ~ - joined by /",
    );
    expect(lines[1]).toBe(`${component}:11:45 Type '"nosuch"' is not assignable to type '"applyCommands" | "create"'.`);
    expect(lines.at(-1)).toBe(`2 problems in ${app}`);
    writeFileSync(component, source);
    writeFileSync(join(app, "manifest.json"), manifest);
  });

  it("test exits 1 when a test fails", async () => {
    const test = join(app, "components", "hello.test.ts");
    writeFileSync(test, readFileSync(test, "utf8").replace('"Hello, Ada!" }', '"Hi, Ada!" }'));
    const run = await platform("apps", "test", app);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`the tests of ${app} failed`);
  });
});
