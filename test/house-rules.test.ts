import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The house rules a formatter cannot keep (docs/CONTEXTS.md, "House rules"): Biome breaks code at 120 characters
// but not strings or comments, and nothing splits a file that grows. Generated files (schemas/ and the API's types in
// packages/app-kit/src/generated/) and data (JSON) are exempt; so is nothing else.
const root = new URL("..", import.meta.url).pathname;
const sources = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "*.ts", "*.tsx", "*.mjs", "*.js"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((f) => f && !f.startsWith("schemas/") && !f.startsWith("packages/app-kit/src/generated/"));
const linesOf = (file: string) => readFileSync(`${root}${file}`, "utf8").replace(/\n$/, "").split("\n");

describe("house rules", () => {
  it("finds the sources", () => expect(sources.length).toBeGreaterThan(500));

  it("keeps every source file within 300 lines", () => {
    const long = sources.map((f) => ({ f, n: linesOf(f).length })).filter(({ n }) => n > 300);
    expect(long.map(({ f, n }) => `${f}: ${n} lines`)).toEqual([]);
  });

  it("keeps every source line within 120 characters", () => {
    const wide = sources.flatMap((f) =>
      linesOf(f).flatMap((line, i) => (line.length > 120 ? [`${f}:${i + 1}: ${line.length}`] : [])),
    );
    expect(wide).toEqual([]);
  });
});
