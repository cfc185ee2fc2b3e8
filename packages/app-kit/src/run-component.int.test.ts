import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAppFolder } from "@platform/apps/folder";
import { appsTestPlatform, install } from "@platform/apps/testing";
import type { TestPlatform } from "@platform/http/testing";
import { runComponent } from "./index.ts";

// One folder, run by runComponent and installed on a service: the same failures, answered the same way.
const dir = mkdtempSync(join(tmpdir(), "run-component-"));
const components: Record<string, string> = {
  spin: "export const parameters = {};\nexport default async () => { for (;;) {} };",
  hog: [
    "export const parameters = {};",
    "export default async () => {",
    "  const kept: string[] = [];",
    '  for (let i = 0; ; i++) kept.push("x".repeat(1 << 22) + i);',
    "};",
  ].join("\n"),
  throws: 'export const parameters = {};\nexport default async () => { throw new Error("no stock"); };',
  typed:
    'export const parameters = { n: { type: "number" } } as const;\nexport default async (p: { n: number }) => p.n;',
};
const manifest = {
  id: "limits",
  name: "Limits",
  components: Object.keys(components).map((id) => ({ id })),
  ingresses: Object.keys(components).map((id) => ({
    id,
    componentId: id,
    type: "http",
    properties: { route: `limits/${id}`, httpMethod: "POST", isPublic: true },
  })),
};
// A second of time: the memory limit is met in a few allocations well within it, even on a loaded machine.
const limits = { timeoutMs: 1000, memoryMb: 32 };

let t: TestPlatform;
beforeAll(async () => {
  mkdirSync(join(dir, "components"));
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  for (const [id, source] of Object.entries(components)) writeFileSync(join(dir, "components", `${id}.ts`), source);
  t = await appsTestPlatform({ COMPONENT_TIMEOUT_MS: "1000", COMPONENT_MEMORY_MB: "32" });
  const folder = await readAppFolder(dir);
  if ("problems" in folder) throw new Error(JSON.stringify(folder.problems));
  await install(t, folder.body as Parameters<typeof install>[1]);
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("runComponent, beside the service's ingress", () => {
  it.each([
    ["spin", {}, 504, "COMPONENT_TIMEOUT"],
    ["hog", {}, 502, "COMPONENT_FAILED"],
    ["throws", {}, 502, "COMPONENT_FAILED"],
    ["typed", { n: "seven" }, 400, "VALIDATION_FAILED"],
  ])("%s with %o: answers %s %s with the service's message", async (id, params, status, code) => {
    const served = await t.request("POST", `/ingress/limits/${id}`, { body: params });
    const { error } = (await served.json()) as { error: { code: string; message: string } };
    const run = await runComponent(dir, id, params, { limits });
    expect([served.status, error.code]).toEqual([status, code]);
    expect(run).toMatchObject({ ok: false, status, error: { code, message: error.message } });
  });

  it("names the limits in its messages", async () => {
    const hog = await runComponent(dir, "hog", {}, { limits });
    const spin = await runComponent(dir, "spin", {}, { limits });
    expect(!hog.ok && hog.error.message).toBe("the component ran out of memory (limit 32 MiB)");
    expect(!spin.ok && spin.error.message).toBe("the component ran longer than 1000 ms");
  });
});
