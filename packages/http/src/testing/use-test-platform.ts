import { afterAll, beforeAll } from "vitest";
import type { BoundedContext } from "@platform/host";
import { createTestPlatform } from "./test-platform.ts";
import type { TestPlatform } from "./test-platform.ts";

/**
 * One test platform for a whole file: booted before its tests, closed after them. Read
 * `.t` inside tests (it is set once the file's beforeAll has run).
 */
export const useTestPlatform = (contexts: () => readonly BoundedContext[], env: Record<string, string> = {}) => {
  const handle = {} as { t: TestPlatform };
  beforeAll(async () => {
    handle.t = await createTestPlatform(contexts(), env);
  });
  afterAll(() => handle.t?.close());
  return handle;
};
