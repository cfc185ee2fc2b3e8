import { parseAppsConfig } from "@platform/host";
import { createSandbox } from "@platform/sandbox";
import type { Sandbox } from "@platform/sandbox";

/**
 * The sandbox options the service would use in this environment: the same settings
 * (COMPONENT_TIMEOUT_MS, COMPONENT_MEMORY_MB, COMPONENT_SNAPSHOTS, …) read by the same code, so
 * a component runs here within the limits it will have in production.
 */
export const serviceSandboxOptions = (env: NodeJS.ProcessEnv = process.env) => {
  const { components } = parseAppsConfig(env);
  return {
    timeoutMs: components.timeoutMs,
    memoryMb: components.memoryMb,
    snapshots: components.snapshots,
    snapshotMb: components.snapshotMb,
    // One thread is enough for a developer's runs, and starts sooner than one per core.
    workers: components.workers ?? 1,
  };
};

/** A sandbox with the service's limits for the length of `use`. */
export const withSandbox = async <T>(use: (sandbox: Sandbox) => Promise<T>): Promise<T> => {
  const sandbox = createSandbox(serviceSandboxOptions());
  try {
    return await use(sandbox);
  } finally {
    sandbox.dispose();
  }
};
