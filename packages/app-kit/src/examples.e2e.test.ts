import { describe, expect, it } from "vitest";
import { platformCommand } from "./testing.ts";

// The example apps are the kit's showcase: checked and tested as a developer would, from the repository root.
const root = new URL("../../..", import.meta.url).pathname;

const platform = (...args: string[]) => platformCommand(args, { cwd: root });

describe("the example app docs/examples/apps/shop", () => {
  const shop = "docs/examples/apps/shop";

  it("passes platform apps check", async () => {
    const check = await platform("apps", "check", shop);
    expect([check.code, check.stderr]).toEqual([0, ""]);
    expect(check.stdout).toBe(
      `app shop in ${shop}: the manifest, its components and their types are as the service requires\n`,
    );
  });

  // Twelve runs, each in a fresh sandbox, behind npx and vitest's start: longer than the suite's default timeout.
  it("passes platform apps test: its three components' tests", async () => {
    const test = await platform("apps", "test", shop);
    expect(test.code).toBe(0);
    // vitest may colour its summary; the counts are read without the colours.
    const summary = test.stdout.replace(/\x1b\[[0-9;]*m/g, "");
    expect(summary).toMatch(/Test Files\s+3 passed \(3\)/);
    expect(summary).toMatch(/Tests\s+12 passed \(12\)/);
  }, 120_000);
});
