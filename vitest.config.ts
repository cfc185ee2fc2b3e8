import { defineConfig } from "vitest/config";

/** The sandbox's own tests, run a second time on the path without snapshots (worker.mjs). */
const sandboxSuites = [
  "packages/sandbox/src/sandbox.test.ts",
  "packages/sandbox/src/escapes.test.ts",
  "packages/sandbox/src/deadlines.test.ts",
  "packages/sandbox/src/snapshots.test.ts",
  "packages/sandbox/src/turns.test.ts",
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "platform",
          include: ["packages/*/src/**/*.test.ts", "services/*/src/**/*.test.ts", "test/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: { name: "sandbox without snapshots", include: sandboxSuites, env: { SANDBOX_SNAPSHOTS: "off" } },
      },
    ],
  },
});
