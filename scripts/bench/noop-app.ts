import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * An APPS_DIR with the app `bench`: a no-op component `noop` (no parameters) and a definition of it, `apps/bench/noop`.
 */
export const writeNoopApp = (): string => {
  const root = mkdtempSync(join(tmpdir(), "bench-noop-"));
  mkdirSync(join(root, "bench", "components"), { recursive: true });
  writeFileSync(
    join(root, "bench", "components", "noop.js"),
    "export const parameters = {};\nexport default async function run() { return null; }\n",
  );
  writeFileSync(
    join(root, "bench", "manifest.json"),
    JSON.stringify({
      id: "bench",
      name: "Bench",
      components: [{ id: "noop" }],
      jobDefinitions: [{ id: "noop", componentId: "noop" }],
    }),
  );
  return root;
};

/** Runs `fn` for 0..n-1 on `concurrency` loops. */
export const inParallel = async (n: number, concurrency: number, fn: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await fn(next++);
    }),
  );
};
