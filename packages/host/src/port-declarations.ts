import type { BoundedContext } from "./context.ts";
import type { AnyPort, PortRegistry } from "./ports.ts";

/**
 * Before any setup: each port is declared by at most one context's `provides`, and every port a context
 * `requires` is provided by some context of the list, so a missing provider stops the boot with its name
 * rather than failing the first request that reads it.
 */
export const checkPortDeclarations = (contexts: readonly BoundedContext[]): void => {
  const providers = new Map<AnyPort, string>();
  for (const c of contexts)
    for (const port of c.provides ?? []) {
      const other = providers.get(port);
      if (other !== undefined)
        throw new Error(`Port "${port.description}" is provided by both context "${other}" and context "${c.name}"`);
      providers.set(port, c.name);
    }
  for (const c of contexts)
    for (const port of c.requires ?? [])
      if (!providers.has(port))
        throw new Error(
          `Context "${c.name}" requires port "${port.description}", which no context of the platform provides`,
        );
};

/** After every setup: each context really provided what it declared. */
export const checkPortsProvided = (contexts: readonly BoundedContext[], registry: PortRegistry): void => {
  for (const c of contexts)
    for (const port of c.provides ?? [])
      if (registry.find(port) === undefined)
        throw new Error(`Context "${c.name}" declares it provides port "${port.description}", but its setup did not`);
};
