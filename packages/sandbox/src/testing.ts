import type { Sandbox, SandboxOptions } from "./sandbox.ts";
import { createSandbox as create } from "./sandbox.ts";

/**
 * The sandbox this package's tests make: with snapshots, or with a fresh context per run
 * when SANDBOX_SNAPSHOTS=off (the suite's second pass, in vitest.config.ts), so that the
 * path a thread falls back to passes the same tests.
 */
export const createSandbox = (options: SandboxOptions = {}): Sandbox =>
  create({ snapshots: process.env.SANDBOX_SNAPSHOTS !== "off", ...options });
