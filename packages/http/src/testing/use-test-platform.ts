import { afterAll, beforeAll } from "vitest";
import type { BoundedContext } from "@platform/platform";
import { createTestPlatform } from "./test-platform.ts";
import type { TestPlatform } from "./test-platform.ts";

/**
 * One test platform for a whole file: booted before its tests, closed after them. Read
 * `.t` inside tests (it is set once the file's beforeAll has run); `then`, when given, runs
 * after the boot (an owner's token, fixtures) and its result is `.given`.
 */
export const useTestPlatform = <G = undefined>(contexts: () => readonly BoundedContext[], options: { readonly env?: Record<string, string>; readonly then?: (t: TestPlatform) => Promise<G> } = {}) => {
  const handle = {} as { t: TestPlatform; given: G };
  beforeAll(async () => {
    handle.t = await createTestPlatform(contexts(), options.env ?? {});
    if (options.then) handle.given = await options.then(handle.t);
  });
  afterAll(() => handle.t?.close());
  return handle;
};
